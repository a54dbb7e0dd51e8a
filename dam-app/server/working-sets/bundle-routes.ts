import { downloadZip, predictLength } from 'client-zip';
import { downloadBundle, getBundle } from '../../api/contract/working-sets-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { attachment } from '../downloads/content-disposition.ts';
import { zipInputs } from '../downloads/zip-entries.ts';
import { bundleZipEntries, resolveBundle } from './bundle-service.ts';

export const bundleRoutes = [
  bindEndpoint(getBundle, async ({ services, principal, params }) => {
    const bundle = await resolveBundle(services, principal, params.id);
    return {
      collectionId: bundle.collectionId,
      folder: bundle.folder,
      files: bundle.files.map(({ assetId, name, size }) => ({ assetId, name, size })),
      totalSize: bundle.totalSize,
    };
  }),
  bindEndpoint(downloadBundle, async ({ services, principal, params }) => {
    const { folder, entries } = await bundleZipEntries(services, principal, params.id);
    const length = predictLength(
      entries.map((entry) => ({ name: entry.name, size: entry.size, lastModified: entry.lastModified })),
    );
    const zip = downloadZip(zipInputs(entries), { length });
    return new Response(zip.body, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': length.toString(),
        'Content-Disposition': attachment(`${folder}.zip`),
        'Cache-Control': 'private, no-store',
      },
    });
  }),
];
