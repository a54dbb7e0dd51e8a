import {
  archiveCountSchema,
  archiveStatusSchema,
  restoreArchiveSchema,
  scheduleArchiveSchema,
} from '../archive.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, notFound } from './error-sets.ts';

const archive = endpointGroup('Archive', 'admin');

export const archiveStatus = archive.get('/admin/archive', {
  summary:
    'Archive status (R-ARCHIVE): every asset scheduled for archive, in the retention queue (archived, a proxy) or being restored',
  response: archiveStatusSchema,
});
export const scheduleArchive = archive.post('/admin/archive', {
  summary:
    'Archive assets at a date (now by default): each original moves to the archive tier as a job, the asset stays as a proxy with its previews and metadata',
  body: scheduleArchiveSchema,
  response: archiveCountSchema,
  status: 201,
  errors: errors(notFound, { 409: ['already_archived'] }),
});
export const restoreArchive = archive.post('/admin/archive/restore', {
  summary: 'Restore archived assets: each original comes back from the archive tier as a job',
  body: restoreArchiveSchema,
  response: archiveCountSchema,
  errors: errors(notFound, { 409: ['not_archive_proxy'] }),
});

const selection = endpointGroup('Archive', 'user');
export const archiveSelection = selection.post('/assets/archive', {
  summary:
    'Archive the assets selected in the library (R-ARCHIVE-SELECTION): the file actions permission and every asset in the person’s ACL; all or none',
  body: scheduleArchiveSchema,
  response: archiveCountSchema,
  status: 201,
  errors: errors(notFound, forbidden, { 409: ['already_archived'] }),
});
export const restoreSelection = selection.post('/assets/archive-restore', {
  summary:
    'Restore the archive proxies selected in the library: the file actions permission, every asset in the person’s ACL and an archive proxy; all or none',
  body: restoreArchiveSchema,
  response: archiveCountSchema,
  errors: errors(notFound, forbidden, { 409: ['not_archive_proxy'] }),
});
