import { type Kysely, sql } from 'kysely';

/**
 * R-STAMP-UNDO: each stamp applied is a run, with the values it wrote and, per asset it changed, the values those
 * fields held before (`before`, '' for none), so the run can be undone on the assets nobody has changed since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stamp_runs (
      id serial primary key,
      stamp_id integer references stamps on delete set null,
      stamp_name text not null,
      actor_id integer references users on delete set null,
      "values" jsonb not null,
      created_at timestamptz not null default now(),
      undone_at timestamptz
    )`.execute(db);
  await sql`
    create table stamp_run_assets (
      run_id integer not null references stamp_runs on delete cascade,
      asset_id integer not null references assets on delete cascade,
      before jsonb not null,
      primary key (run_id, asset_id)
    )`.execute(db);
}
