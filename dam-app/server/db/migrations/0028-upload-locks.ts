import { type Kysely, sql } from 'kysely';

/**
 * The tus upload lock of a cluster (uploads/upload-locker.ts): one row per browser upload a request is writing to,
 * named by the server process holding it (its intent owner, whose advisory lock says whether it is alive) and by the
 * request (`token`). A row whose owner died is taken over by the next request; nothing needs cleaning at start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_locks (
      upload_id text primary key,
      owner integer not null,
      token text not null,
      locked_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_locks`.execute(db);
}
