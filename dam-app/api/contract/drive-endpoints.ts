import { z } from 'zod';
import { endpointGroup } from './endpoint-group.ts';
import { errors, infected, inUse } from './error-sets.ts';
import { assetIdParams } from './params.ts';

// The Drive server API (protocol/src/drive-server-api.ts) over check-out and check-in: lock = check-out, content =
// the original, versions = check-in with new content, delete lock = cancel. The account's URL is
// `{DAM}/api/v1/drive/`; the client sends an API key as its Bearer token.
const drive = endpointGroup('Drive', 'user');
/** `{file}`: the id of an asset, checked as `{id}` of an asset is. */
const file = drive.item('/drive/files/{file}', z.object({ file: assetIdParams.shape.id }));

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

export const lockDriveFile = file.post('/lock', {
  summary: 'Drive: lock a file (check-out); 409 when someone else holds it',
  response: lockReply,
  errors: inUse,
});
export const readDriveFile = file.get('/content', {
  summary: 'Drive: the file’s current bytes (the original)',
  response: z.string().meta({ format: 'binary' }),
  produces: 'application/octet-stream',
});
export const saveDriveVersion = file.post('/versions', {
  summary: 'Drive: a new version from the request’s bytes (check-in); needs our lock, which stays held',
  accepts: 'binary',
  response: z.object({ version: z.object({ id: z.string(), size: z.number() }) }),
  status: 201,
  errors: errors({ 409: ['not_locked'] }, infected),
});
export const unlockDriveFile = file.delete('/lock', {
  summary: 'Drive: release the lock (cancel the check-out); releasing no lock is not an error',
  response: z.null(),
});
