import { type InsertObject, type Kysely, sql, type UpdateObject } from 'kysely';
import type { Database } from '../db/schema.ts';
import { belowPattern } from '../folders/acl-scope.ts';
import { ASSET_ROW_COLUMNS } from './asset-views.ts';

/** The searchable form of an asset's keywords (its `keyword_search` column). */
export const keywordVector = (keywords: string[]) =>
  sql<string>`to_tsvector('simple', ${keywords.join(' ')})`;

export const assetById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** One page of a folder's assets by name, one row more than asked so the caller knows whether more follow. */
export function folderAssetRows(
  db: Kysely<Database>,
  folderId: number,
  limit: number,
  after?: readonly [name: string | null, id: number | null],
) {
  let select = db
    .selectFrom('assets')
    .select(ASSET_ROW_COLUMNS)
    .where('folder_id', '=', folderId)
    .where('status', '<>', 'trashed')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit + 1);
  if (after) {
    const [name, id] = after;
    select = select.where(sql<boolean>`(lower(name), id) > (${name}, ${id})`);
  }
  return select.execute();
}

/** The latest 500 trashed assets at or below `root` (everywhere for the empty root). */
export function trashedAssetsBelow(db: Kysely<Database>, root: string) {
  let query = db
    .selectFrom('assets')
    .selectAll()
    .where('status', '=', 'trashed')
    .orderBy('trashed_at', 'desc')
    .limit(500);
  if (root !== '')
    query = query.where((eb) =>
      eb.or([eb('path', '=', root), eb(sql<string>`path`, 'like', belowPattern(root))]),
    );
  return query.execute();
}

export const renditionOf = (db: Kysely<Database>, assetId: number, name: string) =>
  db
    .selectFrom('renditions')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('name', '=', name)
    .executeTakeFirst();

/** The thumbnail and icon renditions of an asset, for the contact sheet. */
export const smallRenditionsOf = (db: Kysely<Database>, assetId: number) =>
  db
    .selectFrom('renditions')
    .select(['name', 'storage_key'])
    .where('asset_id', '=', assetId)
    .where('name', 'in', ['thumbnail', 'icon'])
    .execute();

export const assetNames = (db: Kysely<Database>, ids: number[]) =>
  db.selectFrom('assets').select(['id', 'name']).where('id', 'in', ids).execute();

/** Active assets at or below `root` whose file name is one of `names`, by id. */
export const activeAssetsNamed = (db: Kysely<Database>, root: string, names: string[]) =>
  db
    .selectFrom('assets')
    .select(['id', 'file_name'])
    .where('status', '=', 'active')
    .where('file_name', 'in', names)
    .where((eb) => (root === '' ? eb.lit(true) : sql<boolean>`path like ${belowPattern(root)}`))
    .orderBy('id')
    .execute();

export const keywordsAndLocks = (db: Kysely<Database>, ids: number[]) =>
  db.selectFrom('assets').select(['id', 'keywords', 'checked_out_by']).where('id', 'in', ids).execute();

/** Sets an asset's keywords (and its keyword index), and its description when one is given. */
export const setDescriptionAndKeywords = (
  db: Kysely<Database>,
  id: number,
  changes: { description?: string | undefined; keywords: string[] },
) =>
  db
    .updateTable('assets')
    .set({
      ...(changes.description === undefined ? {} : { description: changes.description }),
      keywords: changes.keywords,
      keyword_search: keywordVector(changes.keywords),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();

/** Whether a reconcile of `path` is already queued and not yet run. */
export const reconcileWaiting = async (db: Kysely<Database>, path: string) =>
  (await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'storage.reconcile')
    .where('done_at', 'is', null)
    .where('failed_at', 'is', null)
    .where(sql<boolean>`payload->>'path' = ${path}`)
    .executeTakeFirst()) !== undefined;

export const updateAssetRow = (db: Kysely<Database>, id: number, changes: UpdateObject<Database, 'assets'>) =>
  db.updateTable('assets').set(changes).where('id', '=', id).execute();

/** The columns an edit of an asset's metadata sets (an edit, a version's metadata): only the fields given. */
export function metadataColumns(changes: {
  name?: string | undefined;
  description?: string | undefined;
  keywords?: string[] | undefined;
}) {
  const keywords = changes.keywords ? [...new Set(changes.keywords)] : undefined;
  return {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(keywords ? { keywords, keyword_search: keywordVector(keywords) } : {}),
  };
}

/** Is a file name free in a folder's index, other than for `except` (a missing asset still holds its name)? */
export async function pathFreeInIndex(db: Kysely<Database>, path: string, except?: number) {
  let query = db.selectFrom('assets').select('id').where('path', '=', path).where('status', '<>', 'trashed');
  if (except) query = query.where('id', '<>', except);
  return !(await query.executeTakeFirst());
}

export const findAsset = (db: Kysely<Database>, id: number) =>
  db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();

/** Of these ids, the assets not in the trash, with their paths. */
export const liveAssetPaths = (db: Kysely<Database>, ids: number[]) =>
  db
    .selectFrom('assets')
    .select(['id', 'path'])
    .where('id', 'in', ids)
    .where('status', '<>', 'trashed')
    .execute();

/** A copy of the asset's row at `to` in folder `folderId`, with its renditions (stored by content); its id. */
export async function copyAssetRows(trx: Kysely<Database>, assetId: number, folderId: number, to: string) {
  const { rows } = await sql<{
    id: number;
  }>`insert into assets (folder_id, path, name, file_name, description,
      file_type, mime_type, kind, size, content_hash, width, height, color_profile, aspect_ratio, date_created,
      keywords, metadata, rendition_state, keyword_search)
    select ${folderId}, ${to}, name, file_name, description, file_type, mime_type, kind, size,
      content_hash, width, height, color_profile, aspect_ratio, date_created, keywords, metadata, rendition_state,
      keyword_search
    from assets where id = ${assetId}
    returning id`.execute(trx);
  const copyId = (rows[0] as { id: number }).id;
  await sql`insert into renditions (asset_id, name, storage_key, mime_type, width, height, size, content_hash)
    select ${copyId}, name, storage_key, mime_type, width, height, size, content_hash
    from renditions where asset_id = ${assetId}`.execute(trx);
  return copyId;
}

/** The asset not in the trash at `path`, if there is one. */
export const liveAssetAt = (db: Kysely<Database>, path: string) =>
  db
    .selectFrom('assets')
    .select(['id', 'content_hash', 'status'])
    .where('path', '=', path)
    .where('status', '<>', 'trashed')
    .executeTakeFirst();

/** A new asset row; nothing when another asset not in the trash has its path (another server was first). */
export const insertAssetUnlessTaken = async (
  db: Kysely<Database>,
  values: InsertObject<Database, 'assets'>,
) =>
  (
    await db
      .insertInto('assets')
      .values(values)
      .onConflict((oc) => oc.column('path').where('status', '<>', 'trashed').doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

/**
 * The paths of the active assets at or below `path` ('' for all) whose original is in the tree: an archive proxy's
 * (R-ARCHIVE) is in the archive tier, so a reconcile must not call it missing.
 */
export const activeAssetPathsBelow = (db: Kysely<Database>, path: string) =>
  db
    .selectFrom('assets')
    .select('path')
    .where('status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('asset_archives')
            .select('asset_id')
            .whereRef('asset_archives.asset_id', '=', 'assets.id')
            .where('asset_archives.state', 'in', ['archived', 'restoring']),
        ),
      ),
    )
    .where((eb) => (path === '' ? eb.lit(true) : sql<boolean>`path like ${belowPattern(path)}`))
    .execute();

/** Marks the active assets at these paths missing (their files vanished); how many. */
/**
 * Marks missing the active assets at `paths` whose file is still gone (`stillGone` asks the disk), unless an
 * operation has them now. The walk that found them took seconds; a move may have taken a file away and brought it
 * back since. So, in one transaction: lock the rows, ask the disk again, mark, then read the pending intents: an
 * operation that began after that disk check moves files only after it, and one that finished meanwhile had to
 * wait for these row locks, so its intent is still there to see. What an operation holds is set back to active.
 */
export const markMissing = (
  db: Kysely<Database>,
  paths: string[],
  stillGone: (path: string) => Promise<boolean>,
  busyPaths: (trx: Kysely<Database>) => Promise<string[]>,
) =>
  db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('assets')
      .select(['id', 'path'])
      .where('status', '=', 'active')
      .where('path', 'in', paths)
      .forUpdate()
      .execute();
    const gone: { id: number; path: string }[] = [];
    for (const row of rows) if (await stillGone(row.path)) gone.push(row);
    if (!gone.length) return 0;
    await trx
      .updateTable('assets')
      .set({ status: 'missing' })
      .where(
        'id',
        'in',
        gone.map((row) => row.id),
      )
      .execute();
    const busy = await busyPaths(trx);
    const held = gone.filter((row) =>
      busy.some((each) => each === '' || row.path === each || row.path.startsWith(`${each}/`)),
    );
    if (held.length)
      await trx
        .updateTable('assets')
        .set({ status: 'active' })
        .where(
          'id',
          'in',
          held.map((row) => row.id),
        )
        .execute();
    return gone.length - held.length;
  });

/** Renditions another asset has of this content (a copy, a re-ingest): they are reused. */
export const renditionsOfContent = (db: Kysely<Database>, hash: string, exceptAssetId: number) =>
  db
    .selectFrom('renditions')
    .selectAll()
    .where('content_hash', '=', hash)
    .where('asset_id', '<>', exceptAssetId)
    .execute();

export interface RenditionColumns {
  name: string;
  storage_key: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  size: number;
}

/**
 * Records an asset's renditions of content `hash` and its rendition state, unless its content changed meanwhile
 * (false then): the row is locked and checked in one statement, inside the caller's transaction.
 */
export async function replaceRenditions(
  trx: Kysely<Database>,
  assetId: number,
  hash: string,
  state: 'done' | 'failed',
  rows: RenditionColumns[],
): Promise<boolean> {
  const current = await trx
    .updateTable('assets')
    .set({ rendition_state: state })
    .where('id', '=', assetId)
    .where('content_hash', '=', hash)
    .returning('id')
    .executeTakeFirst();
  if (!current) return false;
  await trx.deleteFrom('renditions').where('asset_id', '=', assetId).execute();
  if (rows.length)
    await trx
      .insertInto('renditions')
      .values(
        rows.map((row) => ({
          asset_id: assetId,
          name: row.name,
          storage_key: row.storage_key,
          mime_type: row.mime_type,
          width: row.width,
          height: row.height,
          size: row.size,
          content_hash: hash,
        })),
      )
      .execute();
  return true;
}

/** The active assets at these paths (at most `limit`), with their names: a download's files that are assets. */
export const activeAssetsAt = (db: Kysely<Database>, paths: string[], limit: number) =>
  paths.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('assets')
        .select(['id', 'name', 'path'])
        .where('path', 'in', paths.slice(0, 10_000))
        .where('status', '=', 'active')
        .orderBy('id')
        .limit(limit)
        .execute();

/** The whole row of the asset not in the trash at `path`, if there is one. */
export const liveAssetRowAt = (db: Kysely<Database>, path: string) =>
  db
    .selectFrom('assets')
    .selectAll()
    .where('path', '=', path)
    .where('status', '<>', 'trashed')
    .executeTakeFirst();
