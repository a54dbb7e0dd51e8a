import { type Kysely, sql } from 'kysely';

// Folders, assets, renditions, versions, working sets and saved searches (issue 12). SQL both PostgreSQL 15 and
// PGlite accept; the suites run on both.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A folder is a directory under the storage root; the row gives it the id the transfer integration converts
  // back to a path (asperaconvertidtopath). `path` is relative to the storage root, '' being the root itself.
  await sql`
    create table folders (
      id integer generated always as identity primary key,
      path text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index folders_path_key on folders (path)`.execute(db);
  await sql`create index folders_path_prefix_idx on folders (path text_pattern_ops)`.execute(db);

  // One row per file in the originals tree. `status`: active, missing (the file vanished from storage), trashed.
  await sql`
    create table assets (
      id integer generated always as identity primary key,
      folder_id integer references folders (id) on delete set null,
      path text not null,
      name text not null,
      file_name text not null,
      description text not null default '',
      file_type text not null default '',
      mime_type text not null default 'application/octet-stream',
      kind text not null default 'other',
      size bigint not null default 0,
      content_hash text not null,
      width integer,
      height integer,
      color_profile text,
      aspect_ratio text,
      date_created timestamptz not null,
      date_added timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      keywords text[] not null default '{}',
      metadata jsonb not null default '{}',
      status text not null default 'active' check (status in ('active', 'missing', 'trashed')),
      rendition_state text not null default 'pending'
        check (rendition_state in ('pending', 'done', 'failed')),
      trash_key text,
      trashed_at timestamptz,
      checked_out_by integer references users (id) on delete set null,
      checked_out_at timestamptz,
      version_number integer not null default 1,
      search tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(file_name, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(description, '')), 'B')
      ) stored,
      keyword_search tsvector not null default ''::tsvector
    )`.execute(db);
  await sql`create unique index assets_live_path_key on assets (path) where status <> 'trashed'`.execute(db);
  await sql`create index assets_path_prefix_idx on assets (path text_pattern_ops)`.execute(db);
  await sql`create index assets_folder_name_idx on assets (folder_id, lower(name), id)`.execute(db);
  await sql`create index assets_added_idx on assets (date_added, id)`.execute(db);
  await sql`create index assets_search_idx on assets using gin (search)`.execute(db);
  await sql`create index assets_keyword_search_idx on assets using gin (keyword_search)`.execute(db);
  await sql`create index assets_keywords_idx on assets using gin (keywords)`.execute(db);

  await sql`
    create table renditions (
      asset_id integer not null references assets (id) on delete cascade,
      name text not null,
      storage_key text not null,
      mime_type text not null,
      width integer,
      height integer,
      size bigint not null,
      content_hash text not null,
      created_at timestamptz not null default now(),
      primary key (asset_id, name)
    )`.execute(db);

  // A version's binary lives in the versions area under its content hash, so a metadata-only version shares the
  // binary of the one before it (no copy).
  await sql`
    create table asset_versions (
      id integer generated always as identity primary key,
      asset_id integer not null references assets (id) on delete cascade,
      number integer not null,
      name text not null default '',
      comment text not null default '',
      message text not null default '',
      category text not null check (category in ('Parent', 'Peer', 'Named')),
      file_name text not null,
      size bigint not null,
      content_hash text not null,
      storage_key text not null,
      metadata jsonb not null default '{}',
      state text not null default 'started'
        check (state in ('started', 'in progress', 'completed', 'failed')),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (asset_id, number)
    )`.execute(db);

  await sql`
    create table collections (
      id integer generated always as identity primary key,
      name text not null,
      description text not null default '',
      owner_id integer not null references users (id) on delete cascade,
      shared_group_id integer references groups (id) on delete set null,
      modifiable boolean not null default false,
      public boolean not null default false,
      bundle boolean not null default false,
      expires_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index collections_owner_name_key on collections (owner_id, lower(name))`.execute(
    db,
  );
  await sql`
    create table collection_assets (
      collection_id integer not null references collections (id) on delete cascade,
      asset_id integer not null references assets (id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (collection_id, asset_id)
    )`.execute(db);

  await sql`
    create table carts (
      id integer generated always as identity primary key,
      owner_id integer not null references users (id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index carts_owner_name_key on carts (owner_id, lower(name))`.execute(db);
  await sql`
    create table cart_assets (
      cart_id integer not null references carts (id) on delete cascade,
      asset_id integer not null references assets (id) on delete cascade,
      position integer not null,
      primary key (cart_id, asset_id)
    )`.execute(db);

  await sql`
    create table saved_searches (
      id integer generated always as identity primary key,
      owner_id integer not null references users (id) on delete cascade,
      name text not null,
      description text not null default '',
      public boolean not null default false,
      query jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // A prepared download: copies of the originals in the loading-dock area, fetched by notification id and cleaned up
  // when the transfer is done (spec §4 download flow).
  await sql`
    create table loading_docks (
      id integer generated always as identity primary key,
      notification_id text not null unique,
      owner_id integer not null references users (id) on delete cascade,
      files jsonb not null default '[]',
      total_size bigint not null default 0,
      created_at timestamptz not null default now(),
      done_at timestamptz
    )`.execute(db);
  await sql`create unique index saved_searches_owner_name_key on saved_searches (owner_id, lower(name))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'loading_docks',
    'saved_searches',
    'cart_assets',
    'carts',
    'collection_assets',
    'collections',
    'asset_versions',
    'renditions',
    'assets',
    'folders',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
}
