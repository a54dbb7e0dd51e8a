import { z } from 'zod';
import { ASSET_MESSAGES } from '../asset-messages.ts';
import { dbIdParam } from '../db-safe.ts';
import { defineEndpoint } from './define-endpoint.ts';

// The Drive server API (protocol/src/drive-server-api.ts) over check-out and check-in: lock = check-out, content =
// the original, versions = check-in with new content, delete lock = cancel. The account's URL is
// `{DAM}/api/v1/drive/`; the client sends an API key as its Bearer token.
const tag = 'Drive';
const fileParam = z.object({
  file: dbIdParam(ASSET_MESSAGES.assetIdInvalid),
});

const lockReply = z.object({
  name: z.string(),
  lock: z.object({
    file_id: z.string(),
    created_at: z.string(),
    created_by_id: z.string(),
    created_by_type: z.string(),
    tags: z.record(z.string(), z.unknown()),
  }),
});

export const lockDriveFile = defineEndpoint({
  method: 'post',
  path: '/drive/files/{file}/lock',
  tag,
  summary: 'Drive: lock a file (check-out); 409 when someone else holds it',
  auth: 'user',
  params: fileParam,
  response: lockReply,
  errors: { 404: ['not_found'], 409: ['in_use'] },
});
export const readDriveFile = defineEndpoint({
  method: 'get',
  path: '/drive/files/{file}/content',
  tag,
  summary: 'Drive: the file’s current bytes (the original)',
  auth: 'user',
  params: fileParam,
  response: z.string().meta({ format: 'binary' }),
  produces: 'application/octet-stream',
  errors: { 404: ['not_found'] },
});
export const saveDriveVersion = defineEndpoint({
  method: 'post',
  path: '/drive/files/{file}/versions',
  tag,
  summary: 'Drive: a new version from the request’s bytes (check-in); needs our lock, which stays held',
  auth: 'user',
  params: fileParam,
  accepts: 'binary',
  response: z.object({ version: z.object({ id: z.string(), size: z.number() }) }),
  status: 201,
  errors: { 404: ['not_found'], 409: ['not_locked'] },
});
export const unlockDriveFile = defineEndpoint({
  method: 'delete',
  path: '/drive/files/{file}/lock',
  tag,
  summary: 'Drive: release the lock (cancel the check-out); releasing no lock is not an error',
  auth: 'user',
  params: fileParam,
  response: z.null(),
  errors: { 404: ['not_found'] },
});
