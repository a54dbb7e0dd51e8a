import { type Kysely, sql } from 'kysely';

// Requests to download and clearance requests (issue 28). Who approves an asset: the approver (a user or a group) of
// its nearest folder in `request_approvers`; with none, the administrators. Approved items of a download request,
// while the request stays approved and before its due date, are the requestor's download grants (access/download-grants.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table request_approvers (
      folder_id integer primary key references folders (id) on delete cascade,
      user_id integer references users (id) on delete cascade,
      group_id integer references groups (id) on delete cascade,
      check ((user_id is null) <> (group_id is null))
    )`.execute(db);
  await sql`
    create table download_requests (
      id integer generated always as identity primary key,
      kind text not null check (kind in ('download', 'clearance')),
      requestor_id integer not null references users (id) on delete cascade,
      approver_user_id integer references users (id) on delete set null,
      approver_group_id integer references groups (id) on delete set null,
      description text not null default '',
      reason text not null default '',
      status text not null default 'submitted'
        check (status in ('submitted', 'download approved', 'download rejected')),
      decided_by integer references users (id) on delete set null,
      approver_notes text not null default '',
      due_at timestamptz,
      dock_id integer references loading_docks (id) on delete set null,
      clearance_from date,
      clearance_to date,
      regions text[] not null default '{}',
      formats text[] not null default '{}',
      created_at timestamptz not null default now(),
      decided_at timestamptz
    )`.execute(db);
  await sql`create index download_requests_requestor_idx on download_requests (requestor_id, created_at desc)`.execute(
    db,
  );
  await sql`create index download_requests_pending_idx on download_requests (status, created_at)`.execute(db);
  await sql`
    create table download_request_items (
      request_id integer not null references download_requests (id) on delete cascade,
      asset_id integer not null references assets (id) on delete cascade,
      decision text not null default 'pending' check (decision in ('pending', 'approved', 'rejected')),
      reason text not null default '',
      primary key (request_id, asset_id)
    )`.execute(db);
  await sql`create index download_request_items_asset_idx on download_request_items (asset_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table download_request_items`.execute(db);
  await sql`drop table download_requests`.execute(db);
  await sql`drop table request_approvers`.execute(db);
}
