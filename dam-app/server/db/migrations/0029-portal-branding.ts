import { type Kysely, sql } from 'kysely';

/**
 * Issue 27's portal leftovers:
 * - a portal's logo and favicon (JPG, GIF or PNG, checked by content, at most PORTAL_IMAGE_MAX_BYTES), kept here and
 *   served from the DAM with their type;
 * - a portal download is a file or a zip (`method`); a zip names no one asset, so `asset_id` may be null;
 * - which renditions a portal's visitors may download (`renditions`: the original and/or named renditions);
 * - a feed remembers what it last served (`served_tag`, a hash of its items) and the Last-Modified it gave them
 *   (`served_modified`), so the date moves when an item leaves, not only when one comes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table portals
      add column logo bytea,
      add column logo_type text,
      add column favicon bytea,
      add column favicon_type text`.execute(db);
  await sql`
    alter table portal_downloads
      alter column asset_id drop not null,
      add column method text not null default 'http-file' check (method in ('http-file', 'http-zip'))`.execute(
    db,
  );
  await sql`alter table portals add column renditions text[] not null default '{original}'`.execute(db);
  await sql`alter table feeds add column served_tag text, add column served_modified timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table feeds drop column served_tag, drop column served_modified`.execute(db);
  await sql`alter table portals drop column renditions`.execute(db);
  await sql`alter table portal_downloads drop column method`.execute(db);
  await sql`delete from portal_downloads where asset_id is null`.execute(db);
  await sql`alter table portal_downloads alter column asset_id set not null`.execute(db);
  await sql`
    alter table portals drop column logo, drop column logo_type, drop column favicon, drop column favicon_type`.execute(
    db,
  );
}
