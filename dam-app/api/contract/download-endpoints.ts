import { z } from 'zod';
import { dbString, storablePath } from '../db-safe.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, notFound } from './error-sets.ts';

const downloads = endpointGroup('Transfers', 'user');
const onePath = z.object({ path: storablePath().min(1) });
const manyPaths = z.object({
  path: z.union([storablePath().min(1), z.array(storablePath().min(1)).min(1).max(10_000)]),
  name: dbString().max(200).optional(),
});

export const downloadFile = downloads.get('/files/content', {
  summary: 'Standard Download (HTTP) of one file, resumable with `Range`',
  query: onePath,
  response: z.unknown(),
  produces: 'application/octet-stream',
  // R-ARCHIVE: an archived asset's original is in the archive tier until it is restored.
  errors: errors(notFound, { 409: ['asset_archived'] }),
});
export const downloadZip = downloads.get('/files/zip', {
  summary:
    'Standard Download (HTTP) of several files or folders as one zip, streamed (stored, ZIP64) with its length known up front so the browser shows progress, resumable with `Range` on any server',
  query: manyPaths,
  response: z.unknown(),
  produces: 'application/zip',
  errors: { 404: ['not_found', 'empty_download'] },
});
