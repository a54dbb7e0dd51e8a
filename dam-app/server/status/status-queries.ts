import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Jobs by kind: waiting (due or not), being run (leased), and failed for good. */
export async function jobCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('jobs')
    .select([
      'kind',
      sql<string>`count(*) filter (where done_at is null and failed_at is null and (locked_until is null or locked_until <= now()))`.as(
        'queued',
      ),
      sql<string>`count(*) filter (where done_at is null and failed_at is null and locked_until > now())`.as(
        'running',
      ),
      sql<string>`count(*) filter (where failed_at is not null)`.as('failed'),
    ])
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    queued: Number(row.queued),
    running: Number(row.running),
    failed: Number(row.failed),
  }));
}

/** The library's assets not in the trash, and their bytes. */
export async function storageUse(db: Kysely<Database>) {
  const row = await db
    .selectFrom('assets')
    .select([db.fn.countAll<string>().as('assets'), sql<string>`coalesce(sum(size), 0)`.as('bytes')])
    .where('trashed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { assets: Number(row.assets), bytes: Number(row.bytes) };
}

/** This server process, named by its intent owner, among the database's servers. */
export const registerServer = (
  db: Kysely<Database>,
  server: { owner: number; host: string; pid: number; url: string },
) =>
  db
    .insertInto('dam_servers')
    .values(server)
    .onConflict((conflict) => conflict.column('owner').doNothing())
    .execute();

export const unregisterServer = (db: Kysely<Database>, owner: number) =>
  db.deleteFrom('dam_servers').where('owner', '=', owner).execute();

export const serverRows = (db: Kysely<Database>) =>
  db.selectFrom('dam_servers').selectAll().orderBy('started_at').orderBy('owner').execute();

export const deleteServers = (db: Kysely<Database>, owners: number[]) =>
  owners.length ? db.deleteFrom('dam_servers').where('owner', 'in', owners).execute() : undefined;
