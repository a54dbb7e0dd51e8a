import { type Kysely, sql } from 'kysely';

/**
 * RSS/Atom feeds (R-FEED, R-FEED-ACTIVE). A feed reads what the DAM already records: new assets
 * (`date_added`), new versions (`asset_versions`), and metadata edits, which this migration stamps on the asset row
 * (`metadata_edited_at`, set by a trigger whenever the display name, description or keywords change, whichever code
 * path changed them) rather than keeping a second event store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feeds')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The ACL the feed reads through; a feed stops when its owner no longer holds it.
    .addColumn('acl_id', 'integer', (col) => col.notNull().references('acls.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('rss', 'atom')`))
    .addColumn('source_kind', 'text', (col) =>
      col.notNull().check(sql`source_kind in ('folder', 'collection', 'saved_search')`),
    )
    .addColumn('source_id', 'integer', (col) => col.notNull())
    .addColumn('events', sql`text[]`, (col) => col.notNull())
    .addColumn('sort', 'text', (col) => col.notNull().check(sql`sort in ('newest', 'oldest')`))
    .addColumn('time_frame_days', 'integer', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    // SHA-256 of the secret key in the feed's URL: the table never holds a usable key.
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('key_prefix', 'text', (col) => col.notNull())
    .addColumn('last_status', 'integer')
    .addColumn('last_fetched_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index feeds_owner_name on feeds (owner_id, lower(name))`.execute(db);

  await sql`alter table assets add column metadata_edited_at timestamptz`.execute(db);
  await sql`create function dam_asset_metadata_edited() returns trigger language plpgsql as $$
    begin
      new.metadata_edited_at := now();
      return new;
    end $$`.execute(db);
  await sql`create trigger assets_metadata_edited before update on assets for each row
    when (old.name is distinct from new.name or old.description is distinct from new.description
      or old.keywords is distinct from new.keywords)
    execute function dam_asset_metadata_edited()`.execute(db);
  // A feed groups the files of one upload into one item: it finds an asset's upload by its path.
  await sql`create index upload_files_path on upload_files (path)`.execute(db);
  await sql`create index assets_metadata_edited_at on assets (metadata_edited_at) where metadata_edited_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger assets_metadata_edited on assets`.execute(db);
  await sql`drop function dam_asset_metadata_edited()`.execute(db);
  await sql`drop index assets_metadata_edited_at`.execute(db);
  await sql`drop index upload_files_path`.execute(db);
  await sql`alter table assets drop column metadata_edited_at`.execute(db);
  await db.schema.dropTable('feeds').execute();
}
