import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A half-open window of instants: `from` included, `until` not. */
export interface Window {
  from: Date;
  until: Date;
}

const utcDay = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Assets added each UTC day of the window (whatever became of them since), and their bytes. */
export function uploadsByDay(db: Kysely<Database>, window: Window) {
  return db
    .selectFrom('assets')
    .select([
      utcDay('date_added').as('day'),
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(size), 0)`.as('bytes'),
    ])
    .where('date_added', '>=', window.from)
    .where('date_added', '<', window.until)
    .groupBy('day')
    .execute();
}

/** Downloads the activity log holds each UTC day, and the bytes they sent. */
export function downloadsByDay(db: Kysely<Database>, window: Window) {
  return db
    .selectFrom('audit_log')
    .select([
      utcDay('at').as('day'),
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum((details->>'bytes')::bigint), 0)`.as('bytes'),
    ])
    .where('event', '=', 'download')
    .where('at', '>=', window.from)
    .where('at', '<', window.until)
    .groupBy('day')
    .execute();
}

/** How many people the activity log saw each UTC day. */
export function activeUsersByDay(db: Kysely<Database>, window: Window) {
  return db
    .selectFrom('audit_log')
    .select([utcDay('at').as('day'), sql<string>`count(distinct actor_id)`.as('count')])
    .where('actor_id', 'is not', null)
    .where('at', '>=', window.from)
    .where('at', '<', window.until)
    .groupBy('day')
    .execute();
}

/**
 * The library's assets (not trashed, not missing) under `folder` ('' is the storage root), grouped one folder level
 * down; files right in `folder` group under ''. Compared by prefix, not LIKE, so no name needs escaping.
 */
export function storageByFolder(db: Kysely<Database>, folder: string) {
  const rest = folder === '' ? sql<string>`path` : sql<string>`substr(path, char_length(${folder}) + 2)`;
  return underFolder(db, folder)
    .select([
      sql<string>`case when strpos(${rest}, '/') = 0 then '' else split_part(${rest}, '/', 1) end`.as(
        'child',
      ),
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(size), 0)`.as('bytes'),
    ])
    .groupBy('child')
    .orderBy('bytes', 'desc')
    .orderBy('child')
    .execute();
}

/** The same assets by kind (image, video, …). */
export function storageByKind(db: Kysely<Database>, folder: string) {
  return underFolder(db, folder)
    .select([
      'kind',
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(size), 0)`.as('bytes'),
    ])
    .groupBy('kind')
    .orderBy('bytes', 'desc')
    .orderBy('kind')
    .execute();
}

function underFolder(db: Kysely<Database>, folder: string) {
  const select = db.selectFrom('assets').where('status', '=', 'active');
  return folder === ''
    ? select
    : select.where(sql<string>`left(path, char_length(${folder}) + 1)`, '=', `${folder}/`);
}
