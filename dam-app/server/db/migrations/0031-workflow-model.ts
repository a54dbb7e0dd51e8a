import { type Kysely, sql } from 'kysely';

/**
 * R-WORKFLOW-MODEL, R-WORKFLOW-SCHEDULE, R-WORKFLOW-MANUAL, R-WORKFLOW-STEPS, R-WORKFLOW-DEBUGGER: the whole workflow
 * of the spec.
 * - `workflow_folders`: the tree workflows are filed in (a folder that still holds something cannot go).
 * - `workflows`: a type, a state (enabled, disabled, cancelled: replaces `enabled`), typed parameters, properties, a
 *   schedule and when it fires next, a Regular workflow's steps; the triggers version, delete, approval, scheduled
 *   and manual.
 * - `workflow_permissions`: the ACLs whose "trigger workflow" permission covers a workflow; while one names it, the
 *   workflow cannot be removed (restrict).
 * - `workflow_runs`: the event a run answers (`event_key`, unique per workflow: a schedule's fire time fires once),
 *   the parameters it received, its steps (each with input, output, log and status: a step done before a server kill
 *   is not done again), and the failed run it replays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflow_folders (
      id serial primary key,
      name text not null,
      parent_id integer references workflow_folders on delete restrict,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index workflow_folders_name on workflow_folders (coalesce(parent_id, 0), lower(name))`.execute(
    db,
  );
  await sql`
    alter table workflows
      add column workflow_folder_id integer references workflow_folders on delete restrict,
      add column type text not null default 'javascript'
        check (type in ('regular', 'login', 'permission', 'javascript')),
      add column state text not null default 'enabled' check (state in ('enabled', 'disabled', 'cancelled')),
      add column parameters jsonb not null default '[]',
      add column properties jsonb not null default '{}',
      add column steps jsonb not null default '[]',
      add column schedule jsonb,
      add column next_fire_at timestamptz`.execute(db);
  await sql`update workflows set state = case when enabled then 'enabled' else 'disabled' end`.execute(db);
  await sql`drop index workflows_trigger`.execute(db);
  await sql`alter table workflows drop column enabled`.execute(db);
  await sql`alter table workflows drop constraint workflows_trigger_check`.execute(db);
  await sql`
    alter table workflows add constraint workflows_trigger_check check (trigger in
      ('ingested', 'metadataChanged', 'moved', 'versioned', 'deleted', 'approved', 'scheduled', 'manual'))`.execute(
    db,
  );
  await sql`create index workflows_trigger on workflows (trigger) where state = 'enabled'`.execute(db);
  await sql`create index workflows_due on workflows (next_fire_at) where state = 'enabled' and trigger = 'scheduled'`.execute(
    db,
  );
  await sql`
    create table workflow_permissions (
      workflow_id integer not null references workflows on delete restrict,
      acl_id integer not null references acls on delete cascade,
      primary key (workflow_id, acl_id)
    )`.execute(db);
  await sql`create index workflow_permissions_acl on workflow_permissions (acl_id)`.execute(db);
  await sql`
    alter table workflow_runs
      add column event_key text,
      add column parameters jsonb not null default '{}',
      add column steps jsonb not null default '[]',
      add column replay_of integer references workflow_runs on delete set null,
      add column requested_by integer references users on delete set null`.execute(db);
  await sql`create unique index workflow_runs_event on workflow_runs (workflow_id, event_key) where event_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index workflow_runs_event`.execute(db);
  await sql`alter table workflow_runs drop column event_key, drop column parameters, drop column steps,
    drop column replay_of, drop column requested_by`.execute(db);
  await sql`drop table workflow_permissions`.execute(db);
  await sql`drop index workflows_due`.execute(db);
  await sql`drop index workflows_trigger`.execute(db);
  await sql`delete from workflows where trigger not in ('ingested', 'metadataChanged', 'moved')`.execute(db);
  await sql`alter table workflows drop constraint workflows_trigger_check`.execute(db);
  await sql`alter table workflows add constraint workflows_trigger_check
    check (trigger in ('ingested', 'metadataChanged', 'moved'))`.execute(db);
  await sql`alter table workflows add column enabled boolean not null default true`.execute(db);
  await sql`update workflows set enabled = (state = 'enabled')`.execute(db);
  await sql`alter table workflows drop column workflow_folder_id, drop column type, drop column state,
    drop column parameters, drop column properties, drop column steps, drop column schedule,
    drop column next_fire_at`.execute(db);
  await sql`create index workflows_trigger on workflows (trigger) where enabled`.execute(db);
  await sql`drop table workflow_folders`.execute(db);
}
