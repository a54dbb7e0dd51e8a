import { randomBytes } from 'node:crypto';
import { lstat, rename } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { CheckIn } from '../../api/versions.ts';
import { can, type Principal } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import { ApiError, conflict, forbidden, notFound } from '../api/api-error.ts';
import { assertNotLockedByOther, visibleAsset } from '../assets/asset-records.ts';
import { hashFile } from '../assets/hash-file.ts';
import type { Asset, Database } from '../db/schema.ts';
import { aclRoot, isUnder, joinPath, parentOf } from '../folders/acl-scope.ts';
import { crashPoint } from '../intents/crash-point.ts';
import { beginIntent, completeIntent, type IntentKind } from '../intents/intents.ts';
import type { DamServices } from '../services.ts';
import { addTask, completeTask } from '../tasks/task-service.ts';
import { CHECKOUT_RETURN_DAYS, checkoutSource } from '../tasks/task-sources.ts';
import { type CheckInPayload, checkInIntent, versionRestoreIntent } from './version-intents.ts';
import {
  assetAtPath,
  insertFirstVersion,
  insertNextVersion,
  releaseLock,
  setVersionState,
  takeLock,
  uploadedBy,
  versionRow,
} from './version-queries.ts';

/** Where a version's bytes live in the versions area: by asset and content, so equal contents are stored once. */
export const versionKey = (assetId: number, hash: string) => `${assetId}/${hash}`;

export const snapshot = (asset: Pick<Asset, 'name' | 'description' | 'keywords'>) => ({
  name: asset.name,
  description: asset.description,
  keywords: asset.keywords,
});

/** Check-out: the asset is locked for its holder; others cannot edit, delete, replace or check it out. */
export async function checkOut(services: DamServices, principal: Principal, id: number) {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'file actions')) throw forbidden();
  assertNotLockedByOther(asset, principal);
  await services.db.transaction().execute(async (trx) => {
    // Someone else won the race between the read and the update.
    if (!(await takeLock(trx, id, principal.user.id, asset.checked_out_at ?? new Date())))
      throw conflict('in_use', ASSET_MESSAGES.inUse);
    // My Tasks: the check-out is to be returned (checked in or cancelled).
    await addTask(trx, {
      userId: principal.user.id,
      kind: 'checkout.return',
      title: asset.name,
      dueAt: new Date((asset.checked_out_at ?? new Date()).getTime() + CHECKOUT_RETURN_DAYS * 86_400_000),
      target: { kind: 'asset', id },
      source: checkoutSource(id),
    });
  });
}

/** Cancel releases the holder's lock; an administrator can break anybody's. Releasing no lock is not an error. */
export async function cancelCheckOut(services: DamServices, principal: Principal, id: number) {
  const asset = await visibleAsset(services, principal, id);
  if (asset.checked_out_by === null) return;
  if (asset.checked_out_by !== principal.user.id && !principal.user.is_admin)
    throw conflict('in_use', ASSET_MESSAGES.inUse);
  await services.db.transaction().execute(async (trx) => {
    await releaseLock(trx, id);
    // Cancelled (or broken by an administrator): nobody has it to return any more.
    await completeTask(trx, checkoutSource(id));
  });
}

/** The first version row, recording the asset as it was before its first check-in. */
export async function ensureFirstVersion(db: Kysely<Database>, asset: Asset) {
  await insertFirstVersion(db, {
    asset_id: asset.id,
    number: 1,
    name: '',
    comment: '',
    message: '',
    category: 'Parent',
    file_name: asset.file_name,
    size: asset.size,
    content_hash: asset.content_hash,
    storage_key: versionKey(asset.id, asset.content_hash),
    metadata: JSON.stringify(snapshot(asset)),
    state: 'completed',
    created_by: null,
  });
}

/** Keeps the current content's bytes in the versions area before they are replaced (stored once per content). */
export async function keepCurrentBytes(services: DamServices, asset: Asset) {
  const key = versionKey(asset.id, asset.content_hash);
  if (!(await services.storage.versions.stat(key)))
    await services.storage.versions.putFile(key, services.tree.absolute(asset.path));
}

/**
 * Check-in: a new version with name, comment and message, then the lock is released. Without a replacement file it
 * is a metadata-only version that shares the previous content (no binary copy); with one, the old bytes move to
 * the versions area and the replacement takes the original's place. The version row goes started → in progress →
 * completed (or failed).
 *
 * A client's `replacementPath` must be a file the user's own accelerated upload delivered that is not an asset:
 * never another asset's file, whoever holds it (issue 23). Server-side callers pass a file they staged instead.
 */
export async function checkIn(
  services: DamServices,
  principal: Principal,
  id: number,
  input: CheckIn,
  staged?: string,
) {
  const asset = await visibleAsset(services, principal, id);
  if (asset.checked_out_by !== principal.user.id)
    throw new ApiError(
      409,
      'not_checked_out',
      ASSET_MESSAGES.inUse,
      'Check the asset out before checking it in.',
    );
  const replacement =
    staged ??
    (input.replacementPath === undefined
      ? undefined
      : await ownUpload(services, principal, asset, input.replacementPath));
  return recordVersion(services, checkInIntent, principal, asset, input, replacement, staged !== undefined);
}

const notOwnUpload = () =>
  new ApiError(
    409,
    'replacement_not_upload',
    MESSAGES.badRequest,
    'The replacement must be a file of your own upload that is not an asset.',
  );

/** The storage-relative path of a replacement the user may use: their own upload's file, and no asset's. */
async function ownUpload(services: DamServices, principal: Principal, asset: Asset, replacementPath: string) {
  const path = replacementPath.replace(/^\/+|\/+$/g, '');
  if (
    !confinePath(services.config.storageRoot, path) ||
    !isUnder(aclRoot(principal), path) ||
    path === asset.path
  )
    throw notFound('file');
  if (!(await lstat(services.tree.absolute(path)).catch(() => undefined))?.isFile()) throw notFound('file');
  if (await assetAtPath(services.db, path)) throw notOwnUpload();
  if (!(await uploadedBy(services.db, path, principal.user.id))) throw notOwnUpload();
  return path;
}

/**
 * The asset's next version row, `started`, after the first one that records the asset as it was: what every new
 * version (check-in, restore, an upload under a taken name) begins with, inside the caller's transaction.
 */
export async function startNextVersion(
  trx: Kysely<Database>,
  asset: Asset,
  userId: number,
  newHash: string,
  fields: Pick<CheckIn, 'name' | 'comment' | 'message' | 'category'> & {
    metadata: ReturnType<typeof snapshot>;
  },
) {
  await ensureFirstVersion(trx, asset);
  return insertNextVersion(trx, {
    asset_id: asset.id,
    name: fields.name,
    comment: fields.comment,
    message: fields.message,
    category: fields.category,
    file_name: asset.file_name,
    size: asset.size,
    content_hash: newHash,
    storage_key: versionKey(asset.id, newHash),
    metadata: JSON.stringify(fields.metadata),
    state: 'started',
    created_by: userId,
  });
}

/** The version itself, crash-safe (versions/version-intents.ts); ends with the asset unlocked. */
async function recordVersion(
  services: DamServices,
  kind: IntentKind<CheckInPayload>,
  principal: Principal,
  asset: Asset,
  input: CheckIn,
  replacement: string | undefined,
  staged: boolean,
) {
  const newHash = replacement ? await hashFile(services.tree.absolute(replacement)) : asset.content_hash;
  const { payload, intentId } = await services.db.transaction().execute(async (trx) => {
    const version = await startNextVersion(trx, asset, principal.user.id, newHash, {
      ...input,
      metadata: snapshot({ ...asset, ...input.metadata }),
    });
    const payload: CheckInPayload = {
      assetId: asset.id,
      versionId: version.id,
      number: version.number,
      userId: principal.user.id,
      path: asset.path,
      oldHash: asset.content_hash,
      newHash,
      replacement: replacement ?? null,
      staged,
      metadata: input.metadata ?? null,
    };
    return { payload, intentId: await beginIntent(services, kind, payload, trx) };
  });
  try {
    await completeIntent(services, kind, intentId, payload, async () => {
      await setVersionState(services.db, payload.versionId, 'in progress');
      if (replacement && newHash !== asset.content_hash) {
        await keepCurrentBytes(services, asset);
        await crashPoint(services.config, `${kind.name}.kept`);
        // The replacement takes the original's place in one rename: a reader sees the old file or the new one.
        await rename(services.tree.absolute(replacement), services.tree.absolute(asset.path));
      }
    });
  } catch (error) {
    throw new ApiError(500, 'versioning_failed', MESSAGES.operationFailed, (error as Error).message);
  }
  return payload.number;
}

export async function findVersion(services: DamServices, assetId: number, number: number) {
  const version = await versionRow(services.db, assetId, number);
  if (!version) throw new ApiError(404, 'version_not_found', ASSET_MESSAGES.versionNotFound);
  return version;
}

/**
 * Restores an old version as a new one: its content (from the versions area, unless it is the current content) and
 * its metadata. Another user's lock blocks it, like any replacement.
 */
export async function restoreVersion(
  services: DamServices,
  principal: Principal,
  id: number,
  number: number,
) {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'file actions')) throw forbidden();
  assertNotLockedByOther(asset, principal);
  const version = await findVersion(services, id, number);
  const metadata = version.metadata as { name: string; description: string; keywords: string[] };
  let staged: string | undefined;
  if (version.content_hash !== asset.content_hash) {
    // Staged beside the original (same filesystem) under a hidden name nothing indexes, to be renamed into place.
    staged = joinPath(parentOf(asset.path), `.restore-${randomBytes(8).toString('hex')}.tmp`);
    const stream = await services.storage.versions.read(version.storage_key);
    await services.storage.originals.put(staged, stream);
  }
  try {
    return await recordVersion(
      services,
      versionRestoreIntent,
      principal,
      asset,
      { name: '', comment: '', message: `Restored version ${number}`, category: 'Parent', metadata },
      staged,
      staged !== undefined,
    );
  } finally {
    if (staged) await services.tree.remove(staged).catch(() => {});
  }
}
