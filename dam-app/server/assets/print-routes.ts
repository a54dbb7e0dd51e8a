import { contactSheet, printAsset } from '../../api/contract/assets-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as print from './print-service.ts';

export const printRoutes = [
  bindEndpoint(printAsset, async ({ services, principal, params }) => {
    const made = await print.printOutput(services, principal, params.id, params.format);
    return new Response(made.bytes, {
      headers: {
        'Content-Type': made.mimeType,
        'Content-Length': String(made.bytes.length),
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(made.fileName)}`,
      },
    });
  }),
  bindEndpoint(contactSheet, async ({ services, principal, body }) => {
    const pdf = await print.contactSheet(services, principal, body.ids);
    return new Response(pdf, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': 'attachment; filename="contact-sheet.pdf"',
      },
    });
  }),
];
