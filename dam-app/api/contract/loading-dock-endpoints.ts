import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { loadingDockEntrySchema, loadingDockSchema, prepareDownloadSchema } from '../loading-dock.ts';
import { endpointGroup } from './endpoint-group.ts';
import { notFound } from './error-sets.ts';

const docks = endpointGroup('Loading dock', 'user');
const dock = docks.item(
  '/loading-dock/{notificationId}',
  z.object({ notificationId: z.string().regex(/^[\w-]{8,64}$/) }),
);

export const listLoadingDocks = docks.get('/loading-dock', {
  summary: 'My prepared downloads, latest first: ready, or done (their files cleaned up)',
  response: z.array(loadingDockEntrySchema),
});
export const prepareDownload = docks.post('/loading-dock', {
  summary:
    'Prepare a download in the loading dock (assets by ids, a cart or a bundle); answers its notification id',
  body: prepareDownloadSchema,
  response: loadingDockSchema,
  status: 201,
  errors: {
    400: ['search_empty'],
    ...notFound,
    413: ['loading_dock_too_large'],
    507: ['loading_dock_no_space', 'loading_dock_quota'],
  },
});
export const getLoadingDock = dock.get('', {
  summary: 'The loading dock download workflow: the files of one prepared download',
  response: loadingDockSchema,
});
export const loadingDockDone = dock.post('/done', {
  summary: 'The done callback: the transfer finished, its leftover files are cleaned up',
  response: okSchema,
});
