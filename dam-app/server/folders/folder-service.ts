import type { FolderView } from '../../api/folders.ts';
import type { Principal } from '../access/principal.ts';
import type { DamServices } from '../services.ts';
import { aclRoot } from './acl-scope.ts';
import * as operations from './folder-operations.ts';
import { folderById, foldersBelow } from './folder-queries.ts';
import { folderViews, rootFolderOf, visibleFolder } from './folder-records.ts';

/** A folder's view as the principal sees it (its parent is null at their ACL's root). */
async function viewOf(services: DamServices, principal: Principal, id: number): Promise<FolderView> {
  const [view] = await folderViews(services.db, aclRoot(principal), [await folderById(services.db, id)]);
  return view as FolderView;
}

/** The places tree: the ACL's root folder and every folder under it. */
export async function folderTree(services: DamServices, principal: Principal) {
  const root = await rootFolderOf(services, principal);
  const rows = await foldersBelow(services.db, root.path);
  const [rootView, ...folders] = await folderViews(services.db, root.path, [root, ...rows]);
  return { root: rootView as FolderView, folders };
}

export async function getFolder(services: DamServices, principal: Principal, id: number) {
  const folder = await visibleFolder(services, principal, id);
  return viewOf(services, principal, folder.id);
}

export async function createFolder(
  services: DamServices,
  principal: Principal,
  parentId: number,
  name: string,
) {
  const created = await operations.createFolder(services, principal, parentId, name);
  return viewOf(services, principal, created.id);
}

export async function renameFolder(services: DamServices, principal: Principal, id: number, name: string) {
  await operations.renameFolder(services, principal, id, name);
  return viewOf(services, principal, id);
}

export async function moveFolder(
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) {
  await operations.moveFolder(services, principal, id, destinationId);
  return viewOf(services, principal, id);
}

export async function copyFolder(
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) {
  const copy = await operations.copyFolder(services, principal, id, destinationId);
  return viewOf(services, principal, copy.id);
}

export const deleteFolder = operations.deleteFolder;
export { asperaConvertIdToPath, listDirectory } from './transfer-functions.ts';
