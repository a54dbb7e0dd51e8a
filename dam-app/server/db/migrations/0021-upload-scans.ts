import { type Kysely, sql } from 'kysely';

/**
 * R-UPLOAD-SCAN: every antivirus scan of an upload, kept so administrators see what was quarantined and what went in
 * unscanned (and why), and so an unscanned file can be scanned again later. `quarantine_path` is where an infected
 * file was moved (outside the storage root); `path` is the storage path it was uploaded to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_scans (
      id serial primary key,
      path text not null,
      user_id integer references users(id) on delete set null,
      via text not null,
      result text not null check (result in ('clean', 'infected', 'unscanned')),
      signature text,
      reason text,
      quarantine_path text,
      scanned_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index upload_scans_result on upload_scans (result, scanned_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_scans`.execute(db);
}
