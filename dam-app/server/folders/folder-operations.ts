import { sql } from 'kysely';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, conflict, forbidden, invalid } from '../api/api-error.ts';
import type { Folder } from '../db/schema.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { DamServices } from '../services.ts';
import { aclRoot, baseName, belowPattern, isUnder, joinPath, parentOf } from './acl-scope.ts';
import { ensureFolderRow, rewritePaths, visibleFolder } from './folder-records.ts';

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
  const below = belowPattern(folder.path);
  const busy = await services.db
    .selectFrom('assets')
    .select(['id', 'checked_out_by', 'kind', 'rendition_state'])
    .where('status', '=', 'active')
    .where(sql<boolean>`path like ${below}`)
    .where((eb) =>
      eb.or([
        eb.and([eb('checked_out_by', 'is not', null), eb('checked_out_by', '<>', principal.user.id)]),
        ...(forMove ? [eb.and([eb('kind', '=', 'video'), eb('rendition_state', '=', 'pending')])] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
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
  await moveTree(services, folder.path, target);
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
  await moveTree(services, folder.path, target);
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
  try {
    await services.tree.copy(folder.path, target);
  } catch (error) {
    await services.tree.remove(target).catch(() => {});
    throw failed(ASSET_MESSAGES.folderOperationFailed, error);
  }
  await services.db.transaction().execute(async (trx) => {
    await ensureFolderRow(trx, target);
    const cut = folder.path.length + 1;
    await sql`insert into folders (path)
      select ${target} || substr(path, ${cut}) from folders where starts_with(path, ${`${folder.path}/`})
      on conflict (path) do nothing`.execute(trx);
    // The copies are new assets with the same content: metadata and renditions (stored by content hash) carry over.
    await sql`insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, width, height, color_profile, aspect_ratio, date_created, keywords, metadata, rendition_state,
        keyword_search)
      select target_folder.id, ${target} || substr(a.path, ${cut}), a.name, a.file_name, a.description, a.file_type,
        a.mime_type, a.kind, a.size, a.content_hash, a.width, a.height, a.color_profile, a.aspect_ratio,
        a.date_created, a.keywords, a.metadata, a.rendition_state, a.keyword_search
      from assets a
      join folders source_folder on source_folder.id = a.folder_id
      join folders target_folder on target_folder.path = ${target} || substr(source_folder.path, ${cut})
      where a.status = 'active' and starts_with(a.path, ${`${folder.path}/`})`.execute(trx);
    await sql`insert into renditions (asset_id, name, storage_key, mime_type, width, height, size, content_hash)
      select copy.id, r.name, r.storage_key, r.mime_type, r.width, r.height, r.size, r.content_hash
      from renditions r
      join assets original on original.id = r.asset_id and original.status = 'active'
      join assets copy on copy.path = ${target} || substr(original.path, ${cut}) and copy.status = 'active'
      where starts_with(original.path, ${`${folder.path}/`})
      on conflict do nothing`.execute(trx);
    // Files the index did not know yet are picked up by a reconcile of the copy.
    await enqueueJob(trx, 'storage.reconcile', { path: target });
  });
  services.jobs.kick();
  const id2 = await ensureFolderRow(services.db, target);
  return { id: id2, path: target };
}

/** Deletes to the trash: the directory moves there whole; its assets are marked trashed and can be restored. */
export async function deleteFolder(services: DamServices, principal: Principal, id: number) {
  const folder = await changeableFolder(services, principal, id);
  await assertNotBusy(services, principal, folder, true);
  const key = `folders/${folder.id}-${Date.now()}`;
  try {
    await services.storage.trash.adopt(key, services.tree.absolute(folder.path));
  } catch (error) {
    throw failed(MESSAGES.operationFailed, error);
  }
  const cut = folder.path.length + 1;
  await services.db.transaction().execute(async (trx) => {
    await sql`update assets set status = 'trashed', trashed_at = now(), folder_id = null,
        trash_key = ${key} || '/' || substr(path, ${cut})
      where status <> 'trashed' and starts_with(path, ${`${folder.path}/`})`.execute(trx);
    await sql`delete from folders where path = ${folder.path} or starts_with(path, ${`${folder.path}/`})`.execute(
      trx,
    );
  });
}

function assertNotOntoChildOrParent(folder: Folder, destination: Folder) {
  if (isUnder(folder.path, destination.path) || destination.path === parentOf(folder.path))
    throw invalid({ destinationId: ASSET_MESSAGES.ontoChildOrParent }, 'onto_child_or_parent');
}

async function moveTree(services: DamServices, from: string, to: string) {
  try {
    await services.tree.move(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw conflict('destination_has_folder', ASSET_MESSAGES.destinationHasFolder);
    throw failed(ASSET_MESSAGES.folderOperationFailed, error);
  }
  try {
    await services.db.transaction().execute(async (trx) => {
      await ensureFolderRow(trx, parentOf(to));
      await rewritePaths(trx, from, to);
    });
  } catch (error) {
    // Keep the index and the tree in step: put the directory back when the rows cannot follow it.
    await services.tree.move(to, from).catch(() => {});
    throw failed(ASSET_MESSAGES.folderOperationFailed, error);
  }
}
