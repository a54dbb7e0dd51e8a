import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { can, type Principal } from '../access/principal.ts';
import { scanUpload } from '../antivirus/antivirus-service.ts';
import { ApiError, assetAccessDenied, notFound } from '../api/api-error.ts';
import { visibleAsset } from '../assets/asset-records.ts';
import { joinPath, parentOf } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { cancelCheckOut, checkIn, checkOut } from '../versions/version-operations.ts';

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

/** Drive's lock is the check-out. */
export async function lock(services: DamServices, principal: Principal, id: number) {
  await checkOut(services, principal, id);
  return lockOf(services, principal, id);
}

/** The original's bytes, for someone who may take the file. */
export async function content(services: DamServices, principal: Principal, id: number): Promise<Response> {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'file actions') && !can(principal, 'downloadHiRes')) throw assetAccessDenied();
  const stored = await services.storage.originals.stat(asset.path);
  if (!stored) throw notFound('file');
  const stream = await services.storage.originals.read(asset.path);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(stored.size) },
  });
}

/** A Drive save is a check-in of the sent bytes; the lock stays with its holder. */
export async function saveVersion(
  services: DamServices,
  principal: Principal,
  id: number,
  body: ReadableStream<Uint8Array> | null,
) {
  const asset = await visibleAsset(services, principal, id);
  if (asset.checked_out_by !== principal.user.id)
    throw new ApiError(409, 'not_locked', ASSET_MESSAGES.inUse, 'Lock the file before saving a version.');
  if (!body)
    throw new ApiError(400, 'empty_body', ASSET_MESSAGES.nameRequired, 'The file’s bytes are missing.');
  // Staged beside the original as a hidden file (never indexed), so check-in renames it into place.
  const staged = joinPath(parentOf(asset.path), `.drive-${randomBytes(8).toString('hex')}.tmp`);
  try {
    // Inside the try: a body refused while streaming leaves no staged file behind.
    await services.storage.originals.put(staged, Readable.fromWeb(body as never));
    services.metrics.upload('drive');
    // R-UPLOAD-SCAN: the new bytes are scanned before they become a version.
    await scanUpload(services, {
      file: services.tree.absolute(staged),
      path: asset.path,
      userId: principal.user.id,
      via: 'drive',
    });
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
}

/** Releasing the lock cancels our check-out; releasing no lock is not an error. */
export async function unlock(services: DamServices, principal: Principal, id: number): Promise<void> {
  const asset = await visibleAsset(services, principal, id);
  if (asset.checked_out_by === principal.user.id) await cancelCheckOut(services, principal, asset.id);
}
