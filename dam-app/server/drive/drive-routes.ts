import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { dbIdParam } from '../../api/db-safe.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, assetAccessDenied, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { visibleAsset } from '../assets/asset-records.ts';
import { joinPath, parentOf } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { cancelCheckOut, checkIn, checkOut } from '../versions/version-operations.ts';

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

async function lockOf(services: DamServices, principal: Principal, id: number) {
  const asset = await visibleAsset(services, principal, id);
  return {
    name: asset.file_name,
    lock: {
      file_id: String(asset.id),
      created_at: (asset.checked_out_at ?? new Date()).toISOString(),
      created_by_id: String(asset.checked_out_by ?? principal.user.id),
      created_by_type: 'user',
      tags: { holder: principal.user.username },
    },
  };
}

export const driveRoutes = [
  defineRoute({
    method: 'post',
    path: '/drive/files/{file}/lock',
    tag,
    summary: 'Drive: lock a file (check-out); 409 when someone else holds it',
    auth: 'user',
    params: fileParam,
    response: lockReply,
    async handler({ services, principal, params }) {
      await checkOut(services, principal, params.file);
      return lockOf(services, principal, params.file);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/drive/files/{file}/content',
    tag,
    summary: 'Drive: the file’s current bytes (the original)',
    auth: 'user',
    params: fileParam,
    response: z.string().meta({ format: 'binary' }),
    produces: 'application/octet-stream',
    async handler({ services, principal, params }) {
      const asset = await visibleAsset(services, principal, params.file);
      if (!can(principal, 'file actions') && !can(principal, 'downloadHiRes')) throw assetAccessDenied();
      const stored = await services.storage.originals.stat(asset.path);
      if (!stored) throw notFound('file');
      const stream = await services.storage.originals.read(asset.path);
      return new Response(Readable.toWeb(stream) as ReadableStream, {
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(stored.size) },
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/drive/files/{file}/versions',
    tag,
    summary: 'Drive: a new version from the request’s bytes (check-in); needs our lock, which stays held',
    auth: 'user',
    params: fileParam,
    accepts: 'binary',
    response: z.object({ version: z.object({ id: z.string(), size: z.number() }) }),
    status: 201,
    async handler({ c, services, principal, params }) {
      const asset = await visibleAsset(services, principal, params.file);
      if (asset.checked_out_by !== principal.user.id)
        throw new ApiError(409, 'not_locked', ASSET_MESSAGES.inUse, 'Lock the file before saving a version.');
      const body = c.req.raw.body;
      if (!body)
        throw new ApiError(400, 'empty_body', ASSET_MESSAGES.nameRequired, 'The file’s bytes are missing.');
      // Staged beside the original as a hidden file (never indexed), so check-in renames it into place.
      const staged = joinPath(parentOf(asset.path), `.drive-${randomBytes(8).toString('hex')}.tmp`);
      try {
        // Inside the try: a body refused while streaming leaves no staged file behind.
        await services.storage.originals.put(staged, Readable.fromWeb(body as never));
        const number = await checkIn(
          services,
          principal,
          asset.id,
          { name: '', comment: '', message: 'Saved from Drive', category: 'Parent' },
          staged,
        );
        // Drive keeps editing after a save: the lock stays with its holder until it deletes the lock.
        await checkOut(services, principal, asset.id);
        const saved = await visibleAsset(services, principal, asset.id);
        return { version: { id: String(number), size: Number(saved.size) } };
      } finally {
        await services.tree.remove(staged).catch(() => {});
      }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/drive/files/{file}/lock',
    tag,
    summary: 'Drive: release the lock (cancel the check-out); releasing no lock is not an error',
    auth: 'user',
    params: fileParam,
    response: z.null(),
    async handler({ services, principal, params }) {
      const asset = await visibleAsset(services, principal, params.file);
      if (asset.checked_out_by === principal.user.id) await cancelCheckOut(services, principal, asset.id);
      return new Response(null, { status: 204 });
    },
  }),
];
