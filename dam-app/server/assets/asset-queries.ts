import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { belowPattern } from '../folders/acl-scope.ts';
import { ASSET_ROW_COLUMNS } from './asset-views.ts';
import { keywordVector } from './ingest.ts';

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
