import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { belowPattern, parentOf } from './acl-scope.ts';

export const folderById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The folder row of this id, or nothing. */
export const findFolder = (db: Kysely<Database>, id: number) =>
  db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();

/** Every folder row below `path` (not the folder itself), parents before children. */
export const foldersBelow = (db: Kysely<Database>, path: string) =>
  db
    .selectFrom('folders')
    .selectAll()
    .where(sql<boolean>`path like ${belowPattern(path)}`)
    .orderBy(sql`path collate "C"`)
    .execute();

/**
 * An active asset below `path` that blocks changing the folder: one another user than `userId` has checked out, or,
 * for a move, a video still transcoding.
 */
export const busyAssetBelow = (db: Kysely<Database>, path: string, userId: number, forMove: boolean) =>
  db
    .selectFrom('assets')
    .select(['id', 'checked_out_by', 'kind', 'rendition_state'])
    .where('status', '=', 'active')
    .where(sql<boolean>`path like ${belowPattern(path)}`)
    .where((eb) =>
      eb.or([
        eb.and([eb('checked_out_by', 'is not', null), eb('checked_out_by', '<>', userId)]),
        ...(forMove ? [eb.and([eb('kind', '=', 'video'), eb('rendition_state', '=', 'pending')])] : []),
        // A clip being exported (R-CLIP-EXPORT) is a video transcoding too.
        ...(forMove
          ? [
              eb.exists(
                eb
                  .selectFrom('video_clips')
                  .select('video_clips.id')
                  .whereRef('video_clips.asset_id', '=', 'assets.id')
                  .where('video_clips.export_state', 'in', ['queued', 'running']),
              ),
            ]
          : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();

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

/** The ids of the folders at these paths. */
export const folderIdsAt = async (db: Kysely<Database>, paths: string[]) =>
  paths.length ? db.selectFrom('folders').select(['id', 'path']).where('path', 'in', paths).execute() : [];

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

/** The rows of a copied tree: its folders, its active assets (same content and metadata) and their renditions. */
export async function copyTreeRows(trx: Kysely<Database>, from: string, to: string): Promise<void> {
  const cut = from.length + 1;
  const below = `${from}/`;
  await sql`insert into folders (path)
    select ${to} || substr(path, ${cut}) from folders where starts_with(path, ${below})
    on conflict (path) do nothing`.execute(trx);
  // The copies are new assets with the same content: metadata and renditions (stored by content hash) carry over.
  await sql`insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
      content_hash, width, height, color_profile, aspect_ratio, date_created, keywords, metadata, rendition_state,
      keyword_search)
    select target_folder.id, ${to} || substr(a.path, ${cut}), a.name, a.file_name, a.description, a.file_type,
      a.mime_type, a.kind, a.size, a.content_hash, a.width, a.height, a.color_profile, a.aspect_ratio,
      a.date_created, a.keywords, a.metadata, a.rendition_state, a.keyword_search
    from assets a
    join folders source_folder on source_folder.id = a.folder_id
    join folders target_folder on target_folder.path = ${to} || substr(source_folder.path, ${cut})
    where a.status = 'active' and starts_with(a.path, ${below})
    on conflict do nothing`.execute(trx);
  await sql`insert into renditions (asset_id, name, storage_key, mime_type, width, height, size, content_hash)
    select copy.id, r.name, r.storage_key, r.mime_type, r.width, r.height, r.size, r.content_hash
    from renditions r
    join assets original on original.id = r.asset_id and original.status = 'active'
    join assets copy on copy.path = ${to} || substr(original.path, ${cut}) and copy.status = 'active'
    where starts_with(original.path, ${below})
    on conflict do nothing`.execute(trx);
}

/** The rows of a tree moved into the trash under `key`: its assets marked trashed there, its folders gone. */
export async function trashTreeRows(trx: Kysely<Database>, path: string, key: string): Promise<void> {
  const cut = path.length + 1;
  await sql`update assets set status = 'trashed', trashed_at = now(), folder_id = null,
      trash_key = ${key} || '/' || substr(path, ${cut})
    where status <> 'trashed' and starts_with(path, ${`${path}/`})`.execute(trx);
  await sql`delete from folders where path = ${path} or starts_with(path, ${`${path}/`})`.execute(trx);
}
