import type { Principal } from '../access/principal.ts';
import type { DamServices } from '../services.ts';
import { isIndexable } from '../storage/originals-tree.ts';
import { joinPath } from './acl-scope.ts';
import { visibleFolder } from './folder-records.ts';

/**
 * The utils workflow action `asperaconvertidtopath` (R-ID-TO-PATH): a folder id to its path relative to the storage
 * root, which is the transfer node's docroot. 404 for a folder the principal may not see.
 */
export async function asperaConvertIdToPath(services: DamServices, principal: Principal, id: number) {
  return (await visibleFolder(services, principal, id)).path;
}

/**
 * The utils workflow action `list_directory` (R-LIST-DIRECTORY): the paths of what one folder holds, straight from storage,
 * folders first (with a trailing slash), then files; hidden and in-flight transfer files are left out.
 */
export async function listDirectory(
  services: DamServices,
  principal: Principal,
  id: number,
): Promise<string[]> {
  const folder = await visibleFolder(services, principal, id);
  const { folders, files } = await services.tree.list(folder.path);
  return [
    ...folders.filter(isIndexable).map((name) => `${joinPath(folder.path, name)}/`),
    ...files.filter(isIndexable).map((name) => joinPath(folder.path, name)),
  ];
}
