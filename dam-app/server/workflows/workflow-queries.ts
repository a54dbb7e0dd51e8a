import { type Kysely, sql, type UpdateObject } from 'kysely';
import type { LogLine, SaveWorkflow, WorkflowChange, WorkflowTrigger } from '../../api/workflows.ts';
import type { Database } from '../db/schema.ts';

/** Every workflow by name (or the one with this id), with the path of the folder it watches. */
export function workflowRows(db: Kysely<Database>, id?: number) {
  let query = db
    .selectFrom('workflows as w')
    .leftJoin('folders as f', 'f.id', 'w.folder_id')
    .selectAll('w')
    .select(sql<string>`coalesce(f.path, '')`.as('folder_path'))
    .orderBy(sql`lower(w.name)`);
  if (id !== undefined) query = query.where('w.id', '=', id);
  return query.execute();
}

const columns = (body: SaveWorkflow) => ({
  name: body.name,
  description: body.description,
  trigger: body.trigger,
  folder_id: body.folderId,
  script: body.script,
  enabled: body.enabled,
  timeout_ms: body.timeoutMs,
  memory_mb: body.memoryMb,
});

/** The new workflow's id, or nothing when the name is taken. */
export const insertWorkflow = async (db: Kysely<Database>, body: SaveWorkflow) =>
  (
    await db
      .insertInto('workflows')
      .values(columns(body))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const updateWorkflowRow = async (db: Kysely<Database>, id: number, body: SaveWorkflow) =>
  (
    await db
      .updateTable('workflows')
      .set({ ...columns(body), updated_at: sql`now()` })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const deleteWorkflowRow = async (db: Kysely<Database>, id: number) =>
  (await db.deleteFrom('workflows').where('id', '=', id).returning('name').executeTakeFirst())?.name;

export const folderExists = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('folders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/**
 * Schedules a run of every enabled workflow with this trigger that watches the asset's folder or one above it (or the
 * whole library); the ids of the runs. Call it in the transaction of the event.
 */
export async function scheduleMatchingRuns(
  db: Kysely<Database>,
  trigger: WorkflowTrigger,
  asset: { id: number; path: string },
) {
  const { rows } = await sql<{ id: number }>`
    insert into workflow_runs (workflow_id, asset_id, trigger)
    select w.id, ${asset.id}, ${trigger}
    from workflows w left join folders f on f.id = w.folder_id
    where w.enabled and w.trigger = ${trigger}
      and (w.folder_id is null or f.path = ''
        or ${asset.path} like replace(replace(replace(f.path, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '/%')
    order by w.id
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

export const runById = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('workflow_runs as r')
    .innerJoin('workflows as w', 'w.id', 'r.workflow_id')
    .selectAll('r')
    .select('w.name as workflow_name')
    .where('r.id', '=', id)
    .executeTakeFirst();

/** The latest runs, of one workflow or of all. */
export function recentRuns(db: Kysely<Database>, workflowId: number | undefined, limit: number) {
  let query = db
    .selectFrom('workflow_runs as r')
    .innerJoin('workflows as w', 'w.id', 'r.workflow_id')
    .selectAll('r')
    .select('w.name as workflow_name')
    .orderBy('r.id', 'desc')
    .limit(limit);
  if (workflowId !== undefined) query = query.where('r.workflow_id', '=', workflowId);
  return query.execute();
}

/** A dry run, recorded as finished at once. */
export const insertDryRun = async (
  db: Kysely<Database>,
  run: {
    workflowId: number;
    assetId: number;
    status: 'completed' | 'error';
    changes: WorkflowChange[];
    log: LogLine[];
    error: string | null;
  },
) =>
  (
    await db
      .insertInto('workflow_runs')
      .values({
        workflow_id: run.workflowId,
        asset_id: run.assetId,
        trigger: 'test',
        status: run.status,
        dry_run: true,
        changes: JSON.stringify(run.changes),
        log: JSON.stringify(run.log),
        error: run.error,
        finished_at: sql`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** Closes a scheduled run; false when it was closed already (the job ran twice). */
export const finishRun = async (
  db: Kysely<Database>,
  id: number,
  outcome: { status: 'completed' | 'error'; changes: WorkflowChange[]; log: LogLine[]; error: string | null },
) =>
  Number(
    (
      await db
        .updateTable('workflow_runs')
        .set({
          status: outcome.status,
          changes: JSON.stringify(outcome.changes),
          log: JSON.stringify(outcome.log),
          error: outcome.error,
          finished_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** The asset as a script sees it; nothing when it is gone or in the trash. */
export const assetForScript = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('assets')
    .select([
      'id',
      'name',
      'path',
      'kind',
      'keywords',
      sql<Record<string, string> | null>`metadata->'fields'`.as('fields'),
    ])
    .where('id', '=', id)
    .where('status', '<>', 'trashed')
    .executeTakeFirst();

/** Locks the asset's row for the run's changes, answering its keywords and form values as they are now. */
export const lockAssetForChanges = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('assets')
    .select([
      'id',
      'path',
      'name',
      'keywords',
      sql<Record<string, string> | null>`metadata->'fields'`.as('fields'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const folderIdAt = async (db: Kysely<Database>, path: string) =>
  (await db.selectFrom('folders').select('id').where('path', '=', path).executeTakeFirst())?.id;

export const setFieldValues = (db: Kysely<Database>, assetId: number, values: Record<string, string>) =>
  db
    .updateTable('assets')
    .set({
      metadata: sql`jsonb_set(metadata, '{fields}', ${JSON.stringify(values)}::jsonb)`,
      updated_at: sql`now()`,
    })
    .where('id', '=', assetId)
    .execute();

export const setAssetColumns = (
  db: Kysely<Database>,
  assetId: number,
  columns: UpdateObject<Database, 'assets'>,
) =>
  db
    .updateTable('assets')
    .set({ ...columns, updated_at: sql`now()` })
    .where('id', '=', assetId)
    .execute();
