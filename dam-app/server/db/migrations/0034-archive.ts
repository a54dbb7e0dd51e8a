import { type Kysely, sql } from 'kysely';

/**
 * R-ARCHIVE: an asset scheduled for archive, archived (its original in the archive tier, the asset a proxy with its
 * previews and metadata, kept in the retention queue) or being restored. One row per asset; a restored asset has
 * none. `storage_key` names the original in the archive tier once it is there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table asset_archives (
      asset_id integer primary key references assets(id) on delete cascade,
      state text not null check (state in ('scheduled', 'archived', 'restoring')),
      archive_at timestamptz not null,
      retention_until timestamptz,
      storage_key text,
      size bigint,
      requested_by integer references users(id) on delete set null,
      archived_at timestamptz,
      restore_requested_at timestamptz,
      error text,
      updated_at timestamptz not null default now(),
      check (retention_until is null or retention_until >= archive_at)
    )`.execute(db);
  await sql`create index asset_archives_state on asset_archives (state, archive_at)`.execute(db);
  // R-WORKSPACE-COMPONENTS (issue 30, in this migration because it is the one number this work has): which parts
  // of the shell a workspace shows; every one by default, so existing workspaces look as before.
  await sql`
    alter table workspaces add column components text[] not null
      default array['menuBar', 'places', 'search']`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspaces drop column components`.execute(db);
  await sql`drop table asset_archives`.execute(db);
}
