import { type Kysely, sql } from 'kysely';

/**
 * External shares (R-SHARE, R-SHARE-LIMIT): a set of assets frozen at creation, opened by people without an
 * account through a long random token stored only as its sha256.
 * - `external_share_assets` keeps the asset id and the file name as shared, with no foreign key: a deleted asset stays
 *   listed, so the recipient page can say that something shared is gone.
 * - `external_share_downloads`: one row per transfer of the whole share (an HTTP zip, a visit's file-by-file download,
 *   a Rapid transfer, with its cookie and node); `counted` once it completed and took one of the share's downloads.
 * - `external_share_file_completions`: the files a file-by-file download has delivered to the last byte.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table external_shares (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      acl_id integer references acls(id) on delete set null,
      name text not null,
      message text not null default '',
      recipients text[] not null default '{}',
      licensing_text text not null default '',
      token_hash text not null unique,
      password_hash text,
      grant_secret text not null,
      expires_at timestamptz not null,
      max_downloads integer,
      download_count integer not null default 0,
      revoked_at timestamptz,
      source text not null,
      failed_attempts integer not null default 0,
      attempts_since timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index external_shares_owner on external_shares (owner_id, created_at)`.execute(db);
  await sql`
    create table external_share_assets (
      share_id integer not null references external_shares(id) on delete cascade,
      asset_id integer not null,
      position integer not null,
      file_name text not null,
      primary key (share_id, asset_id)
    )`.execute(db);
  await sql`
    create table external_share_downloads (
      id serial primary key,
      share_id integer not null references external_shares(id) on delete cascade,
      visit text not null,
      method text not null,
      ip text not null default '',
      user_agent text not null default '',
      started_at timestamptz not null default now(),
      completed_at timestamptz,
      counted boolean not null default false,
      cookie text,
      node_url text
    )`.execute(db);
  await sql`create index external_share_downloads_share on external_share_downloads (share_id, started_at)`.execute(
    db,
  );
  await sql`
    create table external_share_file_completions (
      download_id integer not null references external_share_downloads(id) on delete cascade,
      asset_id integer not null,
      primary key (download_id, asset_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table external_share_file_completions`.execute(db);
  await sql`drop table external_share_downloads`.execute(db);
  await sql`drop table external_share_assets`.execute(db);
  await sql`drop table external_shares`.execute(db);
}
