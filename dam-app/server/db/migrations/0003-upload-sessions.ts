import { type Kysely, sql } from 'kysely';

// The accelerated uploads the pre-transfer handler signed, and each file the node reported complete for one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_sessions (
      cookie text primary key,
      user_id integer not null references users (id) on delete cascade,
      node_url text not null,
      destination text not null,
      file_count integer not null,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      cancelled_at timestamptz,
      error_code integer,
      error_message text
    )`.execute(db);
  await sql`create index upload_sessions_user_idx on upload_sessions (user_id, created_at desc)`.execute(db);
  await sql`
    create table upload_files (
      cookie text not null references upload_sessions (cookie) on delete cascade,
      path text not null,
      transfer_id text not null,
      created_at timestamptz not null default now(),
      primary key (cookie, path)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_files`.execute(db);
  await sql`drop table upload_sessions`.execute(db);
}
