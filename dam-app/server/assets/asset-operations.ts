import { randomBytes } from 'node:crypto';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, conflict, forbidden } from '../api/api-error.ts';
import { assertOriginalHere } from '../archive/archive-service.ts';
import type { Asset } from '../db/schema.ts';
import { aclRoot, isUnder, joinPath, parentOf } from '../folders/acl-scope.ts';
import { findFolder } from '../folders/folder-queries.ts';
import { visibleFolder } from '../folders/folder-records.ts';
import { performIntent } from '../intents/intents.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import { clipExportRunning } from '../video-timeline/timeline-queries.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import {
  assetCopyIntent,
  assetMoveIntent,
  assetRestoreIntent,
  assetTrashIntent,
  notifyDeleted,
} from './asset-intents.ts';
import { metadataColumns, pathFreeInIndex, updateAssetRow } from './asset-queries.ts';
import { assertNotLockedByOther, filenameTaken, visibleAsset } from './asset-records.ts';

const failed = (error: unknown) =>
  new ApiError(500, 'operation_failed', MESSAGES.operationFailed, (error as Error).message);

/** An asset that file actions may change: visible, the permission held, nobody else's lock on it. */
export async function changeableAsset(
  services: DamServices,
  principal: Principal,
  id: number,
  lockMessage?: string,
) {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'file actions')) throw forbidden();
  assertNotLockedByOther(asset, principal, lockMessage);
  return asset;
}

async function destinationFolder(services: DamServices, principal: Principal, id: number) {
  try {
    return await visibleFolder(services, principal, id);
  } catch {
    throw new ApiError(404, 'destination_not_allowed', ASSET_MESSAGES.destinationNotAllowed);
  }
}

/** Is a file name free in a folder, on disk and in the index (a missing asset still holds its name)? */
async function nameFree(services: DamServices, path: string, except?: number): Promise<boolean> {
  if (await services.tree.exists(path)) return false;
  return pathFreeInIndex(services.db, path, except);
}

export async function editAsset(
  services: DamServices,
  principal: Principal,
  id: number,
  changes: { name?: string | undefined; description?: string | undefined; keywords?: string[] | undefined },
) {
  const asset = await changeableAsset(services, principal, id);
  await services.db.transaction().execute(async (trx) => {
    await updateAssetRow(trx, id, { ...metadataColumns(changes), updated_at: new Date() });
    await notify(trx, services.config, {
      type: 'Edit',
      actorId: principal.user.id,
      subject: changes.name ?? asset.name,
      target: { kind: 'asset', id },
      about: { assetId: id, path: asset.path },
    });
    await workflowEvent(trx, 'metadataChanged', { id, path: asset.path });
  });
  services.jobs.kick();
}

/** Renames the file; the display name follows when it was the file name. */
export async function renameAsset(services: DamServices, principal: Principal, id: number, fileName: string) {
  const asset = await changeableAsset(services, principal, id, ASSET_MESSAGES.renameBlocked);
  await assertOriginalHere(services, asset.id);
  const target = joinPath(parentOf(asset.path), fileName);
  if (target === asset.path) return;
  // A change of case only is a rename of the same file on a case-insensitive disk; here names are case-sensitive.
  if (!(await nameFree(services, target, asset.id))) throw filenameTaken();
  await relocate(services, asset, target, asset.name === asset.file_name ? fileName : asset.name);
}

export async function moveAsset(
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) {
  const asset = await changeableAsset(services, principal, id);
  await assertOriginalHere(services, asset.id);
  const destination = await destinationFolder(services, principal, destinationId);
  // Its renditions, or a clip export (R-CLIP-EXPORT), still read the video where it is.
  if (
    asset.kind === 'video' &&
    (asset.rendition_state === 'pending' || (await clipExportRunning(services.db, asset.id)))
  )
    throw conflict('transcoding', ASSET_MESSAGES.moveBlockedByTranscoding);
  const target = joinPath(destination.path, asset.file_name);
  if (target === asset.path) return;
  if (!(await nameFree(services, target))) throw filenameTaken();
  await relocate(services, asset, target, asset.name);
}

async function relocate(services: DamServices, asset: Asset, target: string, name: string) {
  try {
    await performIntent(
      services,
      assetMoveIntent,
      { assetId: asset.id, from: asset.path, to: target, name },
      () => services.tree.move(asset.path, target),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw filenameTaken();
    throw failed(error);
  }
}

/** A copy is a new asset with the same content, metadata and renditions (which are stored by content). */
export async function copyAsset(
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'file actions')) throw forbidden();
  await assertOriginalHere(services, asset.id);
  const destination = await destinationFolder(services, principal, destinationId);
  const target = joinPath(destination.path, asset.file_name);
  if (!(await nameFree(services, target))) throw filenameTaken();
  const staging = joinPath(destination.path, `.copying-${randomBytes(8).toString('hex')}.tmp`);
  const payload = { assetId: asset.id, to: target, staging };
  try {
    return await performIntent<typeof payload, number>(services, assetCopyIntent, payload, async () => {
      await services.tree.copy(asset.path, staging);
      await services.tree.move(staging, target);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw filenameTaken();
    throw failed(error);
  }
}

/** Deletes to the trash area: the file leaves the storage root, the asset can be restored. */
export async function trashAsset(services: DamServices, principal: Principal, id: number) {
  const asset = await changeableAsset(services, principal, id);
  await assertOriginalHere(services, asset.id);
  const key = `assets/${asset.id}-${Date.now()}/${asset.file_name}`;
  if (asset.status === 'active') {
    try {
      await performIntent(
        services,
        assetTrashIntent,
        { assetId: asset.id, path: asset.path, key, actorId: principal.user.id, name: asset.name },
        () => services.storage.trash.adopt(key, services.tree.absolute(asset.path)),
      );
    } catch (error) {
      throw failed(error);
    }
    return;
  }
  // A missing asset has no file to move: its row alone changes.
  await services.db.transaction().execute(async (trx) => {
    await updateAssetRow(trx, asset.id, { status: 'trashed', trashed_at: new Date(), trash_key: null });
    await notifyDeleted(trx, services, {
      assetId: asset.id,
      path: asset.path,
      actorId: principal.user.id,
      name: asset.name,
    });
  });
}

/** Puts a trashed asset back where it was (its folder is recreated when it was deleted too). */
export async function restoreAsset(services: DamServices, principal: Principal, id: number) {
  const asset = await visibleAsset(services, principal, id, { trashed: true });
  if (!can(principal, 'file actions')) throw forbidden();
  let target = asset.path;
  if (asset.folder_id !== null) {
    const folder = await findFolder(services.db, asset.folder_id);
    if (folder) target = joinPath(folder.path, asset.file_name);
  }
  if (!isUnder(aclRoot(principal), target))
    throw new ApiError(404, 'destination_not_allowed', ASSET_MESSAGES.destinationNotAllowed);
  if (!(await nameFree(services, target))) throw filenameTaken();
  if (!asset.trash_key)
    throw new ApiError(409, 'not_restorable', MESSAGES.operationFailed, 'The file is not in the trash.');
  const { trash_key: key } = asset;
  try {
    await performIntent(services, assetRestoreIntent, { assetId: asset.id, key, target }, () =>
      services.storage.trash.release(key, services.tree.absolute(target)),
    );
  } catch (error) {
    throw failed(error);
  }
}
