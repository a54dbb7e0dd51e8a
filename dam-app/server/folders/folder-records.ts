import type { Kysely } from 'kysely';
import type { FolderView } from '../../api/folders.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import type { Database, Folder } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { aclRoot, baseName, isUnder, parentOf } from './acl-scope.ts';
import { ensureFolderRow, findFolder, folderIdsAt } from './folder-queries.ts';

/** The current ACL's root folder; its directory must exist (R-ACL-ROOT-MISSING: offer another ACL or logging out). */
export async function rootFolderOf(services: DamServices, principal: Principal): Promise<Folder> {
  const root = aclRoot(principal);
  if (!(await services.tree.isDirectory(root)))
    throw new ApiError(409, 'acl_root_missing', MESSAGES.aclRootMissing, undefined, {
      details: { acls: principal.acls.map((acl) => ({ id: acl.id, name: acl.name })) },
    });
  const id = await ensureFolderRow(services.db, root);
  return { id, path: root, created_at: new Date() };
}

/** A folder the principal may see (at or under the ACL's root), else 404. */
export async function visibleFolder(
  services: DamServices,
  principal: Principal,
  id: number,
): Promise<Folder> {
  const root = aclRoot(principal);
  const row = await findFolder(services.db, id);
  if (!row || !isUnder(root, row.path)) throw notFound('folder');
  return row;
}

/** The folder's view for the principal: its parent is null at the ACL's root. */
export async function folderViews(
  db: Kysely<Database>,
  root: string,
  folders: Folder[],
): Promise<FolderView[]> {
  const parents = [...new Set(folders.filter((f) => f.path !== root).map((f) => parentOf(f.path)))];
  const rows = await folderIdsAt(db, parents);
  const idOf = new Map(rows.map((row) => [row.path, row.id]));
  return folders.map((folder) => ({
    id: folder.id,
    name: folder.path === '' ? '' : baseName(folder.path),
    path: folder.path,
    parentId: folder.path === root ? null : (idOf.get(parentOf(folder.path)) ?? null),
  }));
}
