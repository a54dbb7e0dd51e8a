import { type Kysely, sql } from 'kysely';
import type { FolderView } from '../../api/folders.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import type { Database, Folder } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { aclRoot, baseName, isUnder, parentOf } from './acl-scope.ts';

/** The folder row of `path`, and of each of its ancestors, created when missing; answers the path's id. */
export async function ensureFolderRow(db: Kysely<Database>, path: string): Promise<number> {
  // Nearly always there already (every file of a folder asks): one read, no write.
  const known = await db.selectFrom('folders').select('id').where('path', '=', path).executeTakeFirst();
  if (known) return known.id;
  const chain: string[] = [];
  for (let current = path; ; current = parentOf(current)) {
    chain.unshift(current);
    if (current === '') break;
  }
  await db
    .insertInto('folders')
    .values(chain.map((each) => ({ path: each })))
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
  const row = await db.selectFrom('folders').select('id').where('path', '=', path).executeTakeFirstOrThrow();
  return row.id;
}

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
  const row = await services.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
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
  const rows = parents.length
    ? await db.selectFrom('folders').select(['id', 'path']).where('path', 'in', parents).execute()
    : [];
  const idOf = new Map(rows.map((row) => [row.path, row.id]));
  return folders.map((folder) => ({
    id: folder.id,
    name: folder.path === '' ? '' : baseName(folder.path),
    path: folder.path,
    parentId: folder.path === root ? null : (idOf.get(parentOf(folder.path)) ?? null),
  }));
}

/** Re-roots the rows of a moved or renamed folder and everything below it, folders and assets alike. */
export async function rewritePaths(db: Kysely<Database>, from: string, to: string): Promise<void> {
  const cut = from.length + 1;
  // A reconcile that walked the moved directory before its rows followed made empty folder rows there: they give way.
  await sql`delete from folders f where (f.path = ${to} or starts_with(f.path, ${`${to}/`}))
    and not exists (select 1 from assets a where a.folder_id = f.id)`.execute(db);
  for (const table of ['folders', 'assets'] as const)
    await sql`update ${sql.table(table)} set path = ${to} || substr(path, ${cut})
      where path = ${from} or starts_with(path, ${`${from}/`})`.execute(db);
}
