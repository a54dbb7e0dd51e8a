import { randomBytes } from 'node:crypto';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, conflict, forbidden, invalid } from '../api/api-error.ts';
import type { Folder } from '../db/schema.ts';
import { crashPoint } from '../intents/crash-point.ts';
import { type IntentKind, performIntent } from '../intents/intents.ts';
import type { DamServices } from '../services.ts';
import { aclRoot, baseName, isUnder, joinPath, parentOf } from './acl-scope.ts';
import {
  folderCopyIntent,
  folderDeleteIntent,
  folderMoveIntent,
  folderRenameIntent,
} from './folder-intents.ts';
import { busyAssetBelow, ensureFolderRow } from './folder-queries.ts';
import { visibleFolder } from './folder-records.ts';

const failed = (userMessage: string, error: unknown) =>
  new ApiError(500, 'folder_operation_failed', userMessage, (error as Error).message);

/** A folder that file actions may change: visible, not the ACL's root itself, and the permission held. */
async function changeableFolder(services: DamServices, principal: Principal, id: number): Promise<Folder> {
  const folder = await visibleFolder(services, principal, id);
  if (!can(principal, 'file actions')) throw forbidden();
  if (folder.path === aclRoot(principal)) throw forbidden();
  return folder;
}

/** The destination of a copy or move: visible to the principal, else "The destination directory must be allowed." */
async function allowedDestination(services: DamServices, principal: Principal, id: number): Promise<Folder> {
  try {
    return await visibleFolder(services, principal, id);
  } catch {
    throw new ApiError(404, 'destination_not_allowed', ASSET_MESSAGES.destinationNotAllowed);
  }
}

/** Assets below the folder that another user holds, or videos still transcoding, block changing it. */
async function assertNotBusy(services: DamServices, principal: Principal, folder: Folder, forMove: boolean) {
  const busy = await busyAssetBelow(services.db, folder.path, principal.user.id, forMove);
  if (!busy) return;
  if (busy.checked_out_by !== null && busy.checked_out_by !== principal.user.id)
    throw conflict('in_use', ASSET_MESSAGES.inUse);
  throw conflict('transcoding', ASSET_MESSAGES.moveBlockedByTranscoding);
}

export async function createFolder(
  services: DamServices,
  principal: Principal,
  parentId: number,
  name: string,
) {
  const parent = await visibleFolder(services, principal, parentId);
  if (!can(principal, 'new assets') && !can(principal, 'file actions')) throw forbidden();
  const path = joinPath(parent.path, name);
  if (await services.tree.exists(path))
    throw conflict('name_taken', ASSET_MESSAGES.directoryNameUnique, 'name');
  try {
    await services.tree.mkdir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw conflict('name_taken', ASSET_MESSAGES.directoryNameUnique, 'name');
    throw failed(ASSET_MESSAGES.folderCreationFailed, error);
  }
  const id = await ensureFolderRow(services.db, path);
  return { id, path };
}

export async function renameFolder(services: DamServices, principal: Principal, id: number, name: string) {
  const folder = await changeableFolder(services, principal, id);
  const target = joinPath(parentOf(folder.path), name);
  if (target === folder.path) return folder;
  await assertNotBusy(services, principal, folder, true);
  // A rename that only changes case is allowed on a case-sensitive filesystem; another existing name is not.
  if (await services.tree.exists(target))
    throw conflict('name_taken', ASSET_MESSAGES.directoryNameUnique, 'name');
  await moveTree(services, folderRenameIntent, folder.path, target);
  return { ...folder, path: target };
}

export async function moveFolder(
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) {
  const folder = await changeableFolder(services, principal, id);
  const destination = await allowedDestination(services, principal, destinationId);
  assertNotOntoChildOrParent(folder, destination);
  await assertNotBusy(services, principal, folder, true);
  const target = joinPath(destination.path, baseName(folder.path));
  if (await services.tree.exists(target))
    throw conflict('destination_has_folder', ASSET_MESSAGES.destinationHasFolder);
  await moveTree(services, folderMoveIntent, folder.path, target);
  return { ...folder, path: target };
}

export async function copyFolder(
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) {
  const folder = await visibleFolder(services, principal, id);
  if (!can(principal, 'file actions')) throw forbidden();
  const destination = await allowedDestination(services, principal, destinationId);
  assertNotOntoChildOrParent(folder, destination);
  const target = joinPath(destination.path, baseName(folder.path));
  if (await services.tree.exists(target))
    throw conflict('destination_has_folder', ASSET_MESSAGES.destinationHasFolder);
  const staging = joinPath(destination.path, `.copying-${randomBytes(8).toString('hex')}`);
  const payload = { from: folder.path, to: target, staging };
  try {
    const id2 = await performIntent<typeof payload, number>(services, folderCopyIntent, payload, async () => {
      await services.tree.copy(folder.path, staging, () =>
        crashPoint(services.config, `${folderCopyIntent.name}.file`),
      );
      await services.tree.move(staging, target);
    });
    services.jobs.kick();
    return { id: id2, path: target };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw failed(ASSET_MESSAGES.folderOperationFailed, error);
  }
}

/** Deletes to the trash: the directory moves there whole; its assets are marked trashed and can be restored. */
export async function deleteFolder(services: DamServices, principal: Principal, id: number) {
  const folder = await changeableFolder(services, principal, id);
  await assertNotBusy(services, principal, folder, true);
  const key = `folders/${folder.id}-${Date.now()}`;
  try {
    await performIntent(services, folderDeleteIntent, { path: folder.path, key }, () =>
      services.storage.trash.adopt(key, services.tree.absolute(folder.path)),
    );
  } catch (error) {
    throw failed(MESSAGES.operationFailed, error);
  }
}

function assertNotOntoChildOrParent(folder: Folder, destination: Folder) {
  if (isUnder(folder.path, destination.path) || destination.path === parentOf(folder.path))
    throw invalid({ destinationId: ASSET_MESSAGES.ontoChildOrParent }, 'onto_child_or_parent');
}

async function moveTree(
  services: DamServices,
  kind: IntentKind<{ from: string; to: string }>,
  from: string,
  to: string,
) {
  try {
    await performIntent(services, kind, { from, to }, () => services.tree.move(from, to));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw conflict('destination_has_folder', ASSET_MESSAGES.destinationHasFolder);
    throw failed(ASSET_MESSAGES.folderOperationFailed, error);
  }
}
