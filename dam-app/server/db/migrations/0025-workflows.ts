import { type Kysely, sql } from 'kysely';

/**
 * R-WORKFLOW-TRIGGERS, R-WORKFLOW-RUNS: the Workflow Manager.
 * - `workflows`: a trigger, the folder it watches (null: the whole library; deleting the folder deletes the
 *   workflow), the script and its limits, enabled or disabled.
 * - `stamps` (R-STAMP): a named set of field values (form field key → value) applied to a selection at once.
 * - `workflow_runs`: one row per trigger event that matched an enabled workflow, written in the transaction of the
 *   event (so at most once per event), and each dry run. `status` is the spec's action status; the changes the
 *   script asked for and its log lines are kept as JSON with the run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflows (
      id serial primary key,
      name text not null,
      description text not null default '',
      trigger text not null check (trigger in ('ingested', 'metadataChanged', 'moved')),
      folder_id integer references folders on delete cascade,
      script text not null,
      enabled boolean not null default true,
      timeout_ms integer not null,
      memory_mb integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index workflows_name on workflows (lower(name))`.execute(db);
  await sql`create index workflows_trigger on workflows (trigger) where enabled`.execute(db);
  await sql`
    create table workflow_runs (
      id serial primary key,
      workflow_id integer not null references workflows on delete cascade,
      asset_id integer references assets on delete set null,
      trigger text not null,
      status text not null default 'scheduled' check (status in ('scheduled', 'completed', 'error')),
      dry_run boolean not null default false,
      changes jsonb not null default '[]',
      log jsonb not null default '[]',
      error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index workflow_runs_recent on workflow_runs (workflow_id, id desc)`.execute(db);
  await sql`
    create table stamps (
      id serial primary key,
      name text not null,
      "values" jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index stamps_name on stamps (lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stamps`.execute(db);
  await sql`drop table workflow_runs`.execute(db);
  await sql`drop table workflows`.execute(db);
}
