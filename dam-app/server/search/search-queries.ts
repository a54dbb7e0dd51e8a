import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { belowPattern } from '../folders/acl-scope.ts';

/** Keywords of active assets under the ACL root ('' = the whole library), with how many assets carry each. */
export async function keywordCounts(db: Kysely<Database>, root: string) {
  const scope = root === '' ? sql`true` : sql`path like ${belowPattern(root)}`;
  const { rows } = await sql<{ keyword: string; count: string }>`
    select keyword, count(*) as count from (select unnest(keywords) as keyword from assets
      where status = 'active' and ${scope}) as k
    group by keyword order by lower(keyword), keyword limit 5000`.execute(db);
  return rows.map((row) => ({ keyword: row.keyword, count: Number(row.count) }));
}

/** How many assets matching `where` fall in each day, week (from Sunday) or month of a date column, in UTC. */
export async function calendarBuckets(
  db: Kysely<Database>,
  where: RawBuilder<unknown>,
  field: 'dateCreated' | 'dateAdded',
  unit: 'day' | 'week' | 'month',
) {
  const column = field === 'dateCreated' ? sql`date_created` : sql`date_added`;
  const local = sql`(${column} at time zone 'UTC')`;
  const bucket =
    unit === 'day'
      ? sql`date_trunc('day', ${local})`
      : unit === 'month'
        ? sql`date_trunc('month', ${local})`
        : sql`date_trunc('day', ${local}) - make_interval(days => extract(dow from ${local})::int)`;
  const { rows } = await sql<{ start: string; count: string }>`
    select to_char(bucket, 'YYYY-MM-DD') as start, count(*) as count
    from (select ${bucket} as bucket from assets where ${where}) as dated
    group by bucket order by bucket limit 1000`.execute(db);
  return rows.map((row) => ({ start: row.start, count: Number(row.count) }));
}

/** The owner's saved searches and everyone's public ones, by name. */
export const savedSearchesFor = (db: Kysely<Database>, ownerId: number) =>
  db
    .selectFrom('saved_searches')
    .innerJoin('users', 'users.id', 'saved_searches.owner_id')
    .selectAll('saved_searches')
    .select('users.username')
    .where((eb) => eb.or([eb('owner_id', '=', ownerId), eb('public', '=', true)]))
    .orderBy(sql`lower(name)`)
    .execute();

/** Saved-search names are unique per owner, whatever their case. */
export async function savedSearchNameTaken(db: Kysely<Database>, ownerId: number, name: string) {
  const row = await db
    .selectFrom('saved_searches')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSavedSearch(
  db: Kysely<Database>,
  values: { owner_id: number; name: string; description: string; public: boolean; query: string },
) {
  const row = await db.insertInto('saved_searches').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the owner had a saved search of that id (and now has not). */
export async function deleteOwnSavedSearch(db: Kysely<Database>, ownerId: number, id: number) {
  const deleted = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The ids of the assets matching `where`, at most `limit` of them, and how many match in all. */
export async function matchingAssetIds(db: Kysely<Database>, where: RawBuilder<unknown>, limit: number) {
  const [ids, count] = await Promise.all([
    sql<{ id: number }>`select id from assets where ${where} order by id limit ${limit}`.execute(db),
    sql<{ count: string }>`select count(*) as count from assets where ${where}`.execute(db),
  ]);
  return { ids: ids.rows.map((row) => Number(row.id)), total: Number(count.rows[0]?.count ?? 0) };
}
