import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { quarantinedUploadSchema } from '../quarantine.ts';
import { endpointGroup } from './endpoint-group.ts';
import { notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Status', 'admin');
const upload = admin.item('/admin/quarantine/{id}', idParams);

export const listQuarantine = admin.get('/admin/quarantine', {
  summary: 'Uploads quarantined as infected or let in unscanned, waiting on an administrator (R-QUARANTINE)',
  response: z.array(quarantinedUploadSchema),
});
export const rescanQuarantined = upload.post('/rescan', {
  summary:
    'Scan it again with clamd, as a job: a clean quarantined file goes into the library through the ingest',
  response: okSchema,
  status: 202,
  errors: { 409: ['antivirus_not_configured'] },
});
export const deleteQuarantined = upload.delete('', {
  summary: 'Delete a quarantined file for good',
  response: okSchema,
  errors: { ...notFound, 409: ['not_quarantined'] },
});
