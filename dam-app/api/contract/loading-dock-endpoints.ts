import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { loadingDockEntrySchema, loadingDockSchema, prepareDownloadSchema } from '../loading-dock.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Loading dock';
const notificationParam = z.object({ notificationId: z.string().regex(/^[\w-]{8,64}$/) });

export const listLoadingDocks = defineEndpoint({
  method: 'get',
  path: '/loading-dock',
  tag,
  summary: 'My prepared downloads, latest first: ready, or done (their files cleaned up)',
  auth: 'user',
  response: z.array(loadingDockEntrySchema),
});
export const prepareDownload = defineEndpoint({
  method: 'post',
  path: '/loading-dock',
  tag,
  summary:
    'Prepare a download in the loading dock (assets by ids, a cart or a bundle); answers its notification id',
  auth: 'user',
  body: prepareDownloadSchema,
  response: loadingDockSchema,
  status: 201,
  errors: {
    400: ['search_empty'],
    404: ['not_found'],
    413: ['loading_dock_too_large'],
    422: ['conversion_failed'],
    507: ['loading_dock_no_space', 'loading_dock_quota'],
  },
});
export const getLoadingDock = defineEndpoint({
  method: 'get',
  path: '/loading-dock/{notificationId}',
  tag,
  summary: 'The loading dock download workflow: the files of one prepared download',
  auth: 'user',
  params: notificationParam,
  response: loadingDockSchema,
  errors: { 404: ['not_found'] },
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
