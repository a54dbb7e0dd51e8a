import { type Kysely, sql } from 'kysely';

/**
 * External portals (R-PORTAL): a published, public page of chosen collections and folders, opened by people without an
 * account through a long random token stored only as its sha256. Its assets are not frozen: each visit reads what the
 * sources hold now and what the owner may still see.
 * - `portal_sources`: one collection or one folder each (no foreign key: a deleted one simply gives nothing).
 * Also a feed's description (issue 27's leftover): what readers show under its title.
 * - `portal_downloads`: one row per file a visitor received to its last byte; `counted` when it took one of the
 *   portal's downloads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portals (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      acl_id integer references acls(id) on delete set null,
      name text not null,
      description text not null default '',
      terms text not null default '',
      token_hash text not null unique,
      password_hash text,
      grant_secret text not null,
      published boolean not null default false,
      expires_at timestamptz not null,
      max_downloads integer,
      download_count integer not null default 0,
      failed_attempts integer not null default 0,
      attempts_since timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index portals_owner on portals (owner_id, created_at)`.execute(db);
  await sql`
    create table portal_sources (
      portal_id integer not null references portals(id) on delete cascade,
      kind text not null check (kind in ('collection', 'folder')),
      source_id integer not null,
      primary key (portal_id, kind, source_id)
    )`.execute(db);
  await sql`
    create table portal_downloads (
      id serial primary key,
      portal_id integer not null references portals(id) on delete cascade,
      asset_id integer not null,
      ip text not null default '',
      user_agent text not null default '',
      at timestamptz not null default now(),
      counted boolean not null default false
    )`.execute(db);
  await sql`create index portal_downloads_portal on portal_downloads (portal_id, at)`.execute(db);
  await sql`alter table feeds add column description text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table feeds drop column description`.execute(db);
  await sql`drop table portal_downloads`.execute(db);
  await sql`drop table portal_sources`.execute(db);
  await sql`drop table portals`.execute(db);
}
