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
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Loading dock';
const notificationParam = z.object({ notificationId: z.string().regex(/^[\w-]{8,64}$/) });

export const listLoadingDocks = defineEndpoint({
  method: 'get',
  path: '/loading-dock',
  tag,
  summary:
    'My prepared downloads, latest first: preparing, converting, ready for download, failed, or done (their files cleaned up)',
  auth: 'user',
  response: z.array(loadingDockEntrySchema),
});
export const prepareDownload = defineEndpoint({
  method: 'post',
  path: '/loading-dock',
  tag,
  summary:
    'Prepare a download in the loading dock (assets by ids, a cart, a bundle, or assets with a conversion preset); answers its notification id, its size and the free space, and places the files in a job',
  auth: 'user',
  body: prepareDownloadSchema,
  response: preparedDockSchema,
  status: 201,
  errors: {
    400: ['search_empty', 'download_maximum'],
    404: ['not_found'],
    413: ['loading_dock_too_large'],
    507: ['loading_dock_no_space', 'loading_dock_quota'],
  },
});
export const getLoadingDock = defineEndpoint({
  method: 'get',
  path: '/loading-dock/{notificationId}',
  tag,
  summary: 'One of my open prepared downloads, with the state of each of its files',
  auth: 'user',
  params: notificationParam,
  response: loadingDockSchema,
  errors: { 404: ['not_found'] },
});
export const loadingDockDownload = defineEndpoint({
  method: 'get',
  path: '/loading-dock-download',
  tag,
  summary:
    'The loading dock download workflow: notificationId and LoadingDockId give the JSON list of files to transfer, each with its destination (a missing, non-numeric or negative LoadingDockId means a cart download)',
  auth: 'user',
  query: dockDownloadQuerySchema,
  response: dockDownloadSchema,
  errors: { 404: ['not_found'], 409: ['loading_dock_not_ready'] },
});
export const loadingDockZip = defineEndpoint({
  method: 'get',
  path: '/loading-dock/{notificationId}/zip',
  tag,
  summary:
    'Standard Download (HTTP) of a ready prepared download as one zip; the dock is cleaned 10 s after its last byte left',
  auth: 'user',
  params: notificationParam,
  response: z.unknown(),
  produces: 'application/zip',
  errors: { 404: ['not_found'], 409: ['loading_dock_not_ready'] },
});
export const loadingDockDone = defineEndpoint({
  method: 'post',
  path: '/loading-dock/{notificationId}/done',
  tag,
  summary: 'The done callback: the transfer finished, its leftover files are cleaned up',
  auth: 'user',
  params: notificationParam,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
