import { type Kysely, sql } from 'kysely';

/**
 * R-PLATFORM-SETTINGS: the platform settings the transfer flows read become stored settings an administrator changes.
 * - `platform_settings`: one row per setting that was changed (a missing row reads as its default).
 * - `acls.relative_path_held`, `acls.relative_path`: the current-ACL relative path permission (R-ACL-RELATIVE-PATH).
 *   Held by default (every ACL transferred before this migration); a null path means the ACL's own root.
 * - `upload_sessions.cancelled_filename`: cancelled_upload keeps its file name (R-UPLOAD-CANCELLED).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table platform_settings (
      name text primary key,
      value text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table acls add column relative_path_held boolean not null default true`.execute(db);
  await sql`alter table acls add column relative_path text`.execute(db);
  await sql`alter table upload_sessions add column cancelled_filename text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_sessions drop column cancelled_filename`.execute(db);
  await sql`alter table acls drop column relative_path`.execute(db);
  await sql`alter table acls drop column relative_path_held`.execute(db);
  await sql`drop table platform_settings`.execute(db);
}
