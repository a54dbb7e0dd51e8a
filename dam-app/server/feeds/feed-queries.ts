import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, FeedsTable } from '../db/schema.ts';

export type FeedRow = Selectable<FeedsTable>;

export const feedsOf = (db: Kysely<Database>, ownerId: number) =>
  db.selectFrom('feeds').selectAll().where('owner_id', '=', ownerId).orderBy(sql`lower(name)`).execute();

export const findOwnFeed = (db: Kysely<Database>, ownerId: number, id: number) =>
  db.selectFrom('feeds').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();

export const findFeedByKeyHash = (db: Kysely<Database>, keyHash: string) =>
  db.selectFrom('feeds').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();

export const insertFeed = (db: Kysely<Database>, values: Insertable<FeedsTable>) =>
  db.insertInto('feeds').values(values).returningAll().executeTakeFirstOrThrow();

export const updateOwnFeed = (
  db: Kysely<Database>,
  ownerId: number,
  id: number,
  values: Updateable<FeedsTable>,
) =>
  db
    .updateTable('feeds')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();

export const deleteOwnFeed = async (db: Kysely<Database>, ownerId: number, id: number) =>
  (await db.deleteFrom('feeds').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst())
    .numDeletedRows > 0n;

/** What a reader's fetch was answered with, for the owner's list. */
export const recordFetch = (db: Kysely<Database>, id: number, status: number) =>
  db
    .updateTable('feeds')
    .set({ last_status: status, last_fetched_at: new Date() })
    .where('id', '=', id)
    .execute();

export const userById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** A saved search the owner may use: their own or a public one. */
export const usableSavedSearch = (db: Kysely<Database>, ownerId: number, id: number) =>
  db
    .selectFrom('saved_searches')
    .select(['id', 'name', 'query'])
    .where('id', '=', id)
    .where((eb) => eb.or([eb('owner_id', '=', ownerId), eb('public', '=', true)]))
    .executeTakeFirst();

/** The ids of the assets a search's WHERE clause selects, within one collection when it is given. */
export const scopeIds = (where: RawBuilder<unknown>, collectionId?: number) =>
  collectionId === undefined
    ? sql`select id from assets where ${where}`
    : sql`select id from assets where ${where}
        and id in (select asset_id from collection_assets where collection_id = ${collectionId})`;

export interface FeedEventRow {
  event: 'new_file' | 'file_changes' | 'metadata';
  asset_id: number;
  version_number: number | null;
  at: Date;
}

/**
 * The events of the assets `scope` selects (a `select id from assets …`) since `since`: an asset's arrival, each later
 * version of its file, its last metadata edit. Read from what the DAM records already (migration 0017).
 */
export async function feedEvents(
  db: Kysely<Database>,
  scope: RawBuilder<unknown>,
  options: { since: Date; events: string[]; oldestFirst: boolean; limit: number },
): Promise<FeedEventRow[]> {
  const parts: RawBuilder<unknown>[] = [];
  if (options.events.includes('new_file'))
    parts.push(sql`select 'new_file' as event, id as asset_id, null::integer as version_number, date_added as at
      from assets where id in (${scope}) and date_added >= ${options.since}`);
  if (options.events.includes('file_changes'))
    parts.push(sql`select 'file_changes' as event, asset_id, number as version_number, created_at as at
      from asset_versions where asset_id in (${scope}) and number > 1 and state = 'completed'
      and created_at >= ${options.since}`);
  if (options.events.includes('metadata'))
    parts.push(sql`select 'metadata' as event, id as asset_id, null::integer as version_number,
      metadata_edited_at as at from assets where id in (${scope}) and metadata_edited_at >= ${options.since}`);
  if (parts.length === 0) return [];
  const order = options.oldestFirst ? sql`at asc, asset_id asc` : sql`at desc, asset_id desc`;
  const { rows } = await sql<FeedEventRow>`select * from (${sql.join(parts, sql` union all `)}) events
    order by ${order} limit ${options.limit}`.execute(db);
  return rows.map((row) => ({ ...row, asset_id: Number(row.asset_id), at: new Date(row.at) }));
}

/** The assets a feed's entries show, with their thumbnail when one was made. */
export const feedAssets = (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('assets')
        .leftJoin('renditions', (join) =>
          join.onRef('renditions.asset_id', '=', 'assets.id').on('renditions.name', '=', 'thumbnail'),
        )
        .select([
          'assets.id',
          'assets.name',
          'assets.file_name',
          'assets.description',
          'assets.keywords',
          'assets.kind',
          'renditions.mime_type as thumbnail_type',
          'renditions.size as thumbnail_size',
        ])
        .where('assets.id', 'in', ids)
        .execute();

/** Is the asset among those `scope` selects? */
export const inScope = async (db: Kysely<Database>, scope: RawBuilder<unknown>, assetId: number) =>
  (await sql`select 1 from assets where id = ${assetId} and id in (${scope})`.execute(db)).rows.length > 0;
