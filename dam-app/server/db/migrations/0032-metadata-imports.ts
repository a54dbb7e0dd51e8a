import { type Kysely, sql } from 'kysely';

/**
 * R-METADATA-IMPORT: one row per metadata import a person started. The uploaded file is kept with it (the job reads
 * it, and reads it again when a killed server's job is taken over); `state` is the spec's import state (starting,
 * finished, success, failure) and `errors` the first row errors (`error_count` counts them all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table metadata_imports (
      id serial primary key,
      user_id integer references users on delete set null,
      file_name text not null,
      options jsonb not null,
      content bytea not null,
      state text not null default 'starting' check (state in ('starting', 'finished', 'success', 'failure')),
      rows integer not null default 0,
      applied integer not null default 0,
      unchanged integer not null default 0,
      error_count integer not null default 0,
      errors jsonb not null default '[]',
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index metadata_imports_recent on metadata_imports (user_id, id desc)`.execute(db);
}
