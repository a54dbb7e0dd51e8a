import { type Kysely, sql } from 'kysely';

/**
 * R-HOME: an asset remembers who uploaded it (null for a file found in the tree), and a person's last visit to the
 * Home of each workspace (0 is the default workspace, which has no row) is kept, so Home lists what changed since.
 * R-WORKSPACE-COMPONENTS: a group of a workspace may narrow the workspace's components (null: the workspace's own);
 * the result views, asset panels and transfer panel become components, shown by every existing workspace.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets add column uploaded_by integer references users on delete set null`.execute(
    db,
  );
  await sql`create index assets_uploaded_by on assets (uploaded_by, date_added) where uploaded_by is not null`.execute(
    db,
  );
  await sql`create index assets_updated_at on assets (updated_at)`.execute(db);
  await sql`
    create table home_visits (
      user_id integer not null references users on delete cascade,
      workspace_key integer not null,
      seen_at timestamptz not null,
      since timestamptz,
      primary key (user_id, workspace_key)
    )`.execute(db);
  await sql`alter table workspace_groups add column components text[]`.execute(db);
  // The result views, asset panels and transfer panel join the components: shown, as before, by every workspace.
  const added = sql`array['tileView', 'listView', 'calendarView', 'textView', 'extendedPanel', 'versionsPanel',
    'discussionPanel', 'transferPanel']`;
  await sql`alter table workspaces alter column components set default
    array['menuBar', 'places', 'search', 'tileView', 'listView', 'calendarView', 'textView', 'extendedPanel',
      'versionsPanel', 'discussionPanel', 'transferPanel']`.execute(db);
  await sql`update workspaces set components = components || ${added}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspace_groups drop column components`.execute(db);
  await sql`drop table home_visits`.execute(db);
  await sql`alter table assets drop column uploaded_by`.execute(db);
}
