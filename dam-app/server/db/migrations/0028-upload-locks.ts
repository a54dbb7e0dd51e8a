import { type Kysely, sql } from 'kysely';

/**
 * The tus upload lock of a cluster (uploads/upload-locker.ts): one row per browser upload a request is writing to,
 * named by the server process holding it (its intent owner, whose advisory lock says whether it is alive) and by the
 * request (`token`). A row whose owner died is taken over by the next request; nothing needs cleaning at start.
 *
 * `jobs.locked_by`: the intent owner that claimed a job, so a job a killed server was running is taken again as soon
 * as that owner's advisory lock is gone, not when its five-minute lease runs out (jobs/job-queue.ts).
 *
 * `dam_servers`: the server processes of the database, one row each by intent owner, for the System status screen;
 * a row whose owner lock is gone is a server that stopped, and is deleted when the list is read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_locks (
      upload_id text primary key,
      owner integer not null,
      token text not null,
      locked_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table jobs add column locked_by integer`.execute(db);
  await sql`
    create table dam_servers (
      owner integer primary key,
      host text not null,
      pid integer not null,
      url text not null,
      started_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dam_servers`.execute(db);
  await sql`alter table jobs drop column locked_by`.execute(db);
  await sql`drop table upload_locks`.execute(db);
}
