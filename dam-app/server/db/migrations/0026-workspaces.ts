import { type Kysely, sql } from 'kysely';

/**
 * R-WORKSPACES: a workspace is a named start folder and a theme (header colours, logo) that the groups it names see.
 * A person in several workspaces' groups gets the one created first. The logo is a small PNG kept here, served by
 * the DAM itself (its Content-Security-Policy loads images from its own origin only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workspaces (
      id serial primary key,
      name text not null,
      start_path text not null default '',
      header_color text not null,
      header_text_color text not null,
      logo bytea,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index workspaces_name on workspaces (lower(name))`.execute(db);
  await sql`
    create table workspace_groups (
      workspace_id integer not null references workspaces(id) on delete cascade,
      group_id integer not null references groups(id) on delete cascade,
      primary key (workspace_id, group_id)
    )`.execute(db);
  await sql`create index workspace_groups_group on workspace_groups (group_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table workspace_groups`.execute(db);
  await sql`drop table workspaces`.execute(db);
}
