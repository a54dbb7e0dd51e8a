import { type Kysely, sql } from 'kysely';

/**
 * R-REMOTE-SERVERS: the FTP servers assets are delivered to and imported from. The password is sealed with AES-GCM
 * under a key derived from the DAM's secret (`password_sealed`), never stored or answered in clear. A delivery or an
 * import is a `remote_transfers` row its job moves through queued → running → done/failed, with its counts as it goes.
 * R-CONFIGURATOR-LEASE: `configuration_leases`, who configures what until when (the migration of issue 30's ops).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table remote_servers (
      id serial primary key,
      name text not null,
      protocol text not null check (protocol in ('ftp', 'ftps')),
      host text not null,
      port integer not null check (port between 1 and 65535),
      username text not null,
      password_sealed text not null,
      destination text not null default '/',
      description text not null default '',
      pc_format boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index remote_servers_name on remote_servers (lower(name))`.execute(db);
  await sql`
    create table remote_transfers (
      id serial primary key,
      server_id integer not null references remote_servers(id) on delete cascade,
      direction text not null check (direction in ('deliver', 'import')),
      user_id integer references users(id) on delete set null,
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
      asset_ids integer[] not null default '{}',
      remote_path text not null default '',
      folder_path text not null default '',
      files_total integer not null default 0,
      files_done integer not null default 0,
      files_refused integer not null default 0,
      bytes_done bigint not null default 0,
      error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index remote_transfers_server on remote_transfers (server_id, id)`.execute(db);
  // R-CONFIGURATOR-LEASE: one administrator configures a scope ('global', 'workspace:<id>') at a time, until expiry.
  await sql`
    create table configuration_leases (
      scope text primary key,
      user_id integer not null references users(id) on delete cascade,
      expires_at timestamptz not null
    )`.execute(db);
  // R-QUARANTINE: what an administrator made of a quarantined or unscanned upload (null: it still waits).
  await sql`alter table upload_scans add column resolution text check (resolution in ('released', 'clean', 'deleted'))`.execute(
    db,
  );
  await sql`alter table upload_scans add column resolved_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_scans drop column resolved_at`.execute(db);
  await sql`alter table upload_scans drop column resolution`.execute(db);
  await sql`drop table configuration_leases`.execute(db);
  await sql`drop table remote_transfers`.execute(db);
  await sql`drop table remote_servers`.execute(db);
}
