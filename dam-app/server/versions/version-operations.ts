import { lstat, rename, stat } from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { CheckIn } from '../../api/versions.ts';
import { can, type Principal } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import { ApiError, conflict, forbidden, notFound } from '../api/api-error.ts';
import { assertNotLockedByOther, visibleAsset } from '../assets/asset-records.ts';
import { hashFile } from '../assets/hash-file.ts';
import { ingestFile, keywordVector } from '../assets/ingest.ts';
import type { Asset, Database } from '../db/schema.ts';
import { aclRoot, isUnder } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';

/** Where a version's bytes live in the versions area: by asset and content, so equal contents are stored once. */
export const versionKey = (assetId: number, hash: string) => `${assetId}/${hash}`;

const snapshot = (asset: Pick<Asset, 'name' | 'description' | 'keywords'>) => ({
  name: asset.name,
  description: asset.description,
  keywords: asset.keywords,
});

/** Check-out: the asset is locked for its holder; others cannot edit, delete, replace or check it out. */
export async function checkOut(services: DamServices, principal: Principal, id: number) {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'file actions')) throw forbidden();
  assertNotLockedByOther(asset, principal);
  const locked = await services.db
    .updateTable('assets')
    .set({ checked_out_by: principal.user.id, checked_out_at: asset.checked_out_at ?? new Date() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('checked_out_by', 'is', null), eb('checked_out_by', '=', principal.user.id)]))
    .executeTakeFirst();
  // Someone else won the race between the read and the update.
  if (Number(locked.numUpdatedRows) === 0) throw conflict('in_use', ASSET_MESSAGES.inUse);
}

/** Cancel releases the holder's lock; an administrator can break anybody's. Releasing no lock is not an error. */
export async function cancelCheckOut(services: DamServices, principal: Principal, id: number) {
  const asset = await visibleAsset(services, principal, id);
  if (asset.checked_out_by === null) return;
  if (asset.checked_out_by !== principal.user.id && !principal.user.is_admin)
    throw conflict('in_use', ASSET_MESSAGES.inUse);
  await services.db
    .updateTable('assets')
    .set({ checked_out_by: null, checked_out_at: null })
    .where('id', '=', id)
    .execute();
}

/** The first version row, recording the asset as it was before its first check-in. */
export async function ensureFirstVersion(db: Kysely<Database>, asset: Asset) {
  await db
    .insertInto('asset_versions')
    .values({
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
    })
    .onConflict((oc) => oc.columns(['asset_id', 'number']).doNothing())
    .execute();
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
 */
export async function checkIn(services: DamServices, principal: Principal, id: number, input: CheckIn) {
  const asset = await visibleAsset(services, principal, id);
  if (asset.checked_out_by !== principal.user.id)
    throw new ApiError(
      409,
      'not_checked_out',
      ASSET_MESSAGES.inUse,
      'Check the asset out before checking it in.',
    );
  let replacement: string | undefined;
  if (input.replacementPath !== undefined) {
    const path = input.replacementPath.replace(/^\/+|\/+$/g, '');
    if (
      !confinePath(services.config.storageRoot, path) ||
      !isUnder(aclRoot(principal), path) ||
      path === asset.path
    )
      throw notFound('file');
    replacement = services.tree.absolute(path);
    if (!(await lstat(replacement).catch(() => undefined))?.isFile()) throw notFound('file');
  }
  const newHash = replacement ? await hashFile(replacement) : asset.content_hash;
  const contentChanges = newHash !== asset.content_hash;

  const version = await services.db.transaction().execute(async (trx) => {
    await ensureFirstVersion(trx, asset);
    const last = await trx
      .selectFrom('asset_versions')
      .select(sql<number>`max(number)`.as('number'))
      .where('asset_id', '=', asset.id)
      .executeTakeFirstOrThrow();
    return trx
      .insertInto('asset_versions')
      .values({
        asset_id: asset.id,
        number: Number(last.number) + 1,
        name: input.name,
        comment: input.comment,
        message: input.message,
        category: input.category,
        file_name: asset.file_name,
        size: asset.size,
        content_hash: newHash,
        storage_key: versionKey(asset.id, newHash),
        metadata: JSON.stringify(snapshot({ ...asset, ...input.metadata })),
        state: 'started',
        created_by: principal.user.id,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
  });
  const setState = (state: 'in progress' | 'completed' | 'failed') =>
    services.db.updateTable('asset_versions').set({ state }).where('id', '=', version.id).execute();

  try {
    await setState('in progress');
    if (contentChanges && replacement) {
      await keepCurrentBytes(services, asset);
      // The replacement takes the original's place in one rename: a reader sees the old file or the new one.
      await rename(replacement, services.tree.absolute(asset.path));
      await ingestFile(services, asset.path);
      const size = (await stat(services.tree.absolute(asset.path))).size;
      await services.db.updateTable('asset_versions').set({ size }).where('id', '=', version.id).execute();
    }
    await applyMetadata(services.db, asset.id, input.metadata);
    await services.db
      .updateTable('assets')
      .set({
        version_number: version.number,
        checked_out_by: null,
        checked_out_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', asset.id)
      .execute();
    await setState('completed');
  } catch (error) {
    await setState('failed');
    throw new ApiError(500, 'versioning_failed', MESSAGES.operationFailed, (error as Error).message);
  }
  return version.number;
}

async function applyMetadata(db: Kysely<Database>, assetId: number, metadata: CheckIn['metadata']) {
  if (!metadata) return;
  const keywords = metadata.keywords ? [...new Set(metadata.keywords)] : undefined;
  await db
    .updateTable('assets')
    .set({
      ...(metadata.name === undefined ? {} : { name: metadata.name }),
      ...(metadata.description === undefined ? {} : { description: metadata.description }),
      ...(keywords ? { keywords, keyword_search: keywordVector(keywords) } : {}),
    })
    .where('id', '=', assetId)
    .execute();
}

export async function findVersion(services: DamServices, assetId: number, number: number) {
  const version = await services.db
    .selectFrom('asset_versions')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('number', '=', number)
    .executeTakeFirst();
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
  let replacementPath: string | undefined;
  if (version.content_hash !== asset.content_hash) {
    // Stage the old bytes next to the original (same filesystem), so check-in can rename them into place.
    const staged = `${asset.path}.restore-${Date.now()}.tmp`;
    const stream = await services.storage.versions.read(version.storage_key);
    await services.storage.originals.put(staged, stream);
    replacementPath = staged;
  }
  const held = asset.checked_out_by === principal.user.id;
  if (!held) await checkOut(services, principal, id);
  try {
    return await checkIn(services, principal, id, {
      name: '',
      comment: '',
      message: `Restored version ${number}`,
      category: 'Parent',
      ...(replacementPath ? { replacementPath } : {}),
      metadata,
    });
  } finally {
    if (replacementPath) await services.tree.remove(replacementPath).catch(() => {});
  }
}
