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

/** The items the feed now serves (their hash) and the Last-Modified they were given. */
export const recordServed = (db: Kysely<Database>, id: number, tag: string, modified: Date) =>
  db.updateTable('feeds').set({ served_tag: tag, served_modified: modified }).where('id', '=', id).execute();

export const userById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** The names of feeds' sources, keyed `kind:id`: a folder's path, a collection's or saved search's name. */
export async function sourceNames(db: Kysely<Database>, feeds: Pick<FeedRow, 'source_kind' | 'source_id'>[]) {
  const ids = (kind: FeedRow['source_kind']) => [
    ...new Set(feeds.filter((feed) => feed.source_kind === kind).map((feed) => feed.source_id)),
  ];
  const [folders, collections, searches] = await Promise.all([
    ids('folder').length
      ? db.selectFrom('folders').select(['id', 'path as name']).where('id', 'in', ids('folder')).execute()
      : [],
    ids('collection').length
      ? db.selectFrom('collections').select(['id', 'name']).where('id', 'in', ids('collection')).execute()
      : [],
    ids('saved_search').length
      ? db
          .selectFrom('saved_searches')
          .select(['id', 'name'])
          .where('id', 'in', ids('saved_search'))
          .execute()
      : [],
  ]);
  return new Map([
    ...folders.map((row) => [`folder:${row.id}`, `/${row.name}`] as const),
    ...collections.map((row) => [`collection:${row.id}`, row.name] as const),
    ...searches.map((row) => [`saved_search:${row.id}`, row.name] as const),
  ]);
}

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
  /** The upload (its cookie) whose files this arrival groups, and how many of them the feed shows; null: one asset. */
  batch: string | null;
  batch_size: number;
}

/**
 * The events of the assets `scope` selects (a `select id from assets …`) since `since`: arrivals, one per upload
 * (the files one accelerated upload brought, found by path in `upload_files`) or per asset when none brought it; each
 * later version; each asset's last metadata edit. Read from what the DAM records already (migration 0017).
 */
export async function feedEvents(
  db: Kysely<Database>,
  scope: RawBuilder<unknown>,
  options: { since: Date; events: string[]; oldestFirst: boolean; limit: number },
): Promise<FeedEventRow[]> {
  const parts: RawBuilder<unknown>[] = [];
  if (options.events.includes('new_file'))
    parts.push(sql`select 'new_file' as event, min(a.id) as asset_id, null::integer as version_number,
        max(a.date_added) as at, batch.cookie as batch, count(*)::integer as batch_size
      from assets a
      left join lateral (
        select cookie from upload_files u where u.path = a.path and u.created_at <= a.date_added
        order by u.created_at desc limit 1
      ) batch on true
      where a.id in (${scope}) and a.date_added >= ${options.since}
      group by coalesce(batch.cookie, a.id::text), batch.cookie`);
  if (options.events.includes('file_changes'))
    parts.push(sql`select 'file_changes' as event, asset_id, number as version_number, created_at as at,
        null::text as batch, 1 as batch_size
      from asset_versions where asset_id in (${scope}) and number > 1 and state = 'completed'
      and created_at >= ${options.since}`);
  if (options.events.includes('metadata'))
    parts.push(sql`select 'metadata' as event, id as asset_id, null::integer as version_number,
        metadata_edited_at as at, null::text as batch, 1 as batch_size
      from assets where id in (${scope}) and metadata_edited_at >= ${options.since}`);
  if (parts.length === 0) return [];
  const order = options.oldestFirst ? sql`at asc, asset_id asc` : sql`at desc, asset_id desc`;
  const { rows } = await sql<FeedEventRow>`select * from (${sql.join(parts, sql` union all `)}) events
    order by ${order} limit ${options.limit}`.execute(db);
  return rows.map((row) => ({
    ...row,
    asset_id: Number(row.asset_id),
    batch_size: Number(row.batch_size),
    at: new Date(row.at),
  }));
}

/** The names of the assets each upload brought that `scope` selects, by name. */
export async function batchNames(db: Kysely<Database>, scope: RawBuilder<unknown>, batches: string[]) {
  if (batches.length === 0) return new Map<string, string[]>();
  const { rows } = await sql<{ cookie: string; name: string }>`select u.cookie, a.name from upload_files u
    join assets a on a.path = u.path where u.cookie in (${sql.join(batches)}) and a.id in (${scope})
    order by lower(a.name), a.id`.execute(db);
  const names = new Map<string, string[]>();
  for (const row of rows) names.set(row.cookie, [...(names.get(row.cookie) ?? []), row.name]);
  return names;
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
