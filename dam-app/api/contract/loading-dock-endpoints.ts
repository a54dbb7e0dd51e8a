import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import {
  dockDownloadQuerySchema,
  dockDownloadSchema,
  loadingDockEntrySchema,
  loadingDockSchema,
  prepareDownloadSchema,
  preparedDockSchema,
} from '../loading-dock.ts';
import { endpointGroup } from './endpoint-group.ts';
import { notFound } from './error-sets.ts';

const docks = endpointGroup('Loading dock', 'user');
const dock = docks.item(
  '/loading-dock/{notificationId}',
  z.object({ notificationId: z.string().regex(/^[\w-]{8,64}$/) }),
);

export const listLoadingDocks = docks.get('/loading-dock', {
  summary:
    'My prepared downloads, latest first: preparing, converting, ready for download, failed, or done (their files cleaned up)',
  response: z.array(loadingDockEntrySchema),
});
export const prepareDownload = docks.post('/loading-dock', {
  summary:
    'Prepare a download in the loading dock (assets by ids, a cart, a bundle, or assets with a conversion preset); answers its notification id, its size and the free space, and places the files in a job',
  body: prepareDownloadSchema,
  response: preparedDockSchema,
  status: 201,
  errors: {
    400: ['search_empty', 'download_maximum'],
    ...notFound,
    413: ['loading_dock_too_large'],
    507: ['loading_dock_no_space', 'loading_dock_quota'],
  },
});
export const getLoadingDock = dock.get('', {
  summary: 'One of my open prepared downloads, with the state of each of its files',
  response: loadingDockSchema,
});
export const loadingDockDownload = docks.get('/loading-dock-download', {
  summary:
    'The loading dock download workflow: notificationId and LoadingDockId give the JSON list of files to transfer, each with its destination (a missing, non-numeric or negative LoadingDockId means a cart download)',
  query: dockDownloadQuerySchema,
  response: dockDownloadSchema,
  errors: { ...notFound, 409: ['loading_dock_not_ready'] },
});
export const loadingDockZip = dock.get('/zip', {
  summary:
    'Standard Download (HTTP) of a ready prepared download as one zip; the dock is cleaned 10 s after its last byte left',
  response: z.unknown(),
  produces: 'application/zip',
  errors: { 409: ['loading_dock_not_ready'] },
});
export const loadingDockDone = dock.post('/done', {
  summary: 'The done callback: the transfer finished, its leftover files are cleaned up',
  response: okSchema,
});
