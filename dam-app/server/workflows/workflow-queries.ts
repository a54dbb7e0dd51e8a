import { type Kysely, sql, type UpdateObject } from 'kysely';
import type { AssetTrigger, LogLine, RunStep, SaveWorkflow, WorkflowChange } from '../../api/workflows.ts';
import type { Database } from '../db/schema.ts';

/** Every workflow by name (or the one with this id), with the path of the folder it watches. */
export function workflowRows(db: Kysely<Database>, id?: number) {
  let query = db
    .selectFrom('workflows as w')
    .leftJoin('folders as f', 'f.id', 'w.folder_id')
    .selectAll('w')
    .select(sql<string>`coalesce(f.path, '')`.as('folder_path'))
    .select(
      sql<
        number[]
      >`array(select p.acl_id from workflow_permissions p where p.workflow_id = w.id order by p.acl_id)`.as(
        'acl_ids',
      ),
    )
    .orderBy(sql`lower(w.name)`);
  if (id !== undefined) query = query.where('w.id', '=', id);
  return query.execute();
}

const columns = (body: SaveWorkflow, nextFireAt: Date | null) => ({
  name: body.name,
  description: body.description,
  type: body.type,
  trigger: body.trigger,
  folder_id: body.folderId,
  workflow_folder_id: body.workflowFolderId,
  script: body.script,
  steps: JSON.stringify(body.steps),
  parameters: JSON.stringify(body.parameters),
  properties: JSON.stringify(body.properties),
  schedule: body.schedule === null ? null : JSON.stringify(body.schedule),
  next_fire_at: nextFireAt,
  state: body.state,
  timeout_ms: body.timeoutMs,
  memory_mb: body.memoryMb,
});

/** The new workflow's id, or nothing when the name is taken. */
export const insertWorkflow = async (db: Kysely<Database>, body: SaveWorkflow, nextFireAt: Date | null) =>
  (
    await db
      .insertInto('workflows')
      .values(columns(body, nextFireAt))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const updateWorkflowRow = async (
  db: Kysely<Database>,
  id: number,
  body: SaveWorkflow,
  nextFireAt: Date | null,
) =>
  (
    await db
      .updateTable('workflows')
      .set({ ...columns(body, nextFireAt), updated_at: sql`now()` })
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
  trigger: AssetTrigger,
  asset: { id: number; path: string },
) {
  const { rows } = await sql<{ id: number }>`
    insert into workflow_runs (workflow_id, asset_id, trigger, parameters)
    select w.id, ${asset.id}, ${trigger},
      coalesce((select jsonb_object_agg(p->>'name', p->>'value') from jsonb_array_elements(w.parameters) p), '{}')
    from workflows w left join folders f on f.id = w.folder_id
    where w.state = 'enabled' and w.trigger = ${trigger} and w.type not in ('login', 'permission')
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
    .select(['w.name as workflow_name', 'w.type', 'w.steps as workflow_steps'])
    .where('r.id', '=', id)
    .executeTakeFirst();

/** The latest runs, of one workflow or of all. */
export function recentRuns(db: Kysely<Database>, workflowId: number | undefined, limit: number) {
  let query = db
    .selectFrom('workflow_runs as r')
    .innerJoin('workflows as w', 'w.id', 'r.workflow_id')
    .selectAll('r')
    .select(['w.name as workflow_name', 'w.type', 'w.steps as workflow_steps'])
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
    assetId: number | null;
    status: 'completed' | 'error';
    changes: WorkflowChange[];
    log: LogLine[];
    steps: RunStep[];
    parameters: Record<string, string>;
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
        steps: JSON.stringify(run.steps),
        parameters: JSON.stringify(run.parameters),
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
  outcome: {
    status: 'completed' | 'error';
    changes: WorkflowChange[];
    log: LogLine[];
    steps?: RunStep[];
    error: string | null;
  },
) =>
  Number(
    (
      await db
        .updateTable('workflow_runs')
        .set({
          status: outcome.status,
          changes: JSON.stringify(outcome.changes),
          log: JSON.stringify(outcome.log),
          ...(outcome.steps ? { steps: JSON.stringify(outcome.steps) } : {}),
          error: outcome.error,
          finished_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** The asset as a script sees it; nothing when it is gone or (unless a `deleted` run asks) in the trash. */
export const assetForScript = (db: Kysely<Database>, id: number, trashed = false) =>
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
    .$if(!trashed, (query) => query.where('status', '<>', 'trashed'))
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

/** Records a Regular run's steps as they stand (a step done is not done again after a server kill). */
export const saveRunSteps = (db: Kysely<Database>, id: number, steps: RunStep[]) =>
  db
    .updateTable('workflow_runs')
    .set({ steps: JSON.stringify(steps) })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .execute();

/** A run started by a person, a schedule or a replay; nothing when its event already has one (fires once). */
export const insertRun = async (
  db: Kysely<Database>,
  run: {
    workflowId: number;
    assetId: number | null;
    trigger: string;
    parameters: Record<string, string>;
    eventKey?: string;
    replayOf?: number;
    requestedBy?: number;
  },
) =>
  (
    await db
      .insertInto('workflow_runs')
      .values({
        workflow_id: run.workflowId,
        asset_id: run.assetId,
        trigger: run.trigger,
        parameters: JSON.stringify(run.parameters),
        event_key: run.eventKey ?? null,
        replay_of: run.replayOf ?? null,
        requested_by: run.requestedBy ?? null,
      })
      .onConflict((oc) =>
        oc.columns(['workflow_id', 'event_key']).where('event_key', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** The enabled scheduled workflows due at `now`, locked (another server skips them) for their fire. */
export const lockDueWorkflows = (db: Kysely<Database>, now: Date) =>
  db
    .selectFrom('workflows')
    .select(['id', 'schedule', 'next_fire_at', 'parameters'])
    .where('state', '=', 'enabled')
    .where('trigger', '=', 'scheduled')
    .where('type', 'not in', ['login', 'permission'])
    .where('next_fire_at', '<=', now)
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .execute();

export const setNextFire = (db: Kysely<Database>, id: number, next: Date) =>
  db.updateTable('workflows').set({ next_fire_at: next }).where('id', '=', id).execute();

/** A cancelled workflow's runs not yet run end in error, saying so. */
export const cancelScheduledRuns = (db: Kysely<Database>, workflowId: number, message: string) =>
  db
    .updateTable('workflow_runs')
    .set({ status: 'error', error: message, finished_at: sql`now()` })
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'scheduled')
    .execute();

export async function setPermissions(db: Kysely<Database>, workflowId: number, aclIds: number[]) {
  await db.deleteFrom('workflow_permissions').where('workflow_id', '=', workflowId).execute();
  if (aclIds.length)
    await db
      .insertInto('workflow_permissions')
      .values(aclIds.map((acl_id) => ({ workflow_id: workflowId, acl_id })))
      .execute();
}

export const aclCount = async (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0 ? 0 : (await db.selectFrom('acls').select('id').where('id', 'in', ids).execute()).length;

export const usedForPermission = async (db: Kysely<Database>, workflowId: number) =>
  (await db
    .selectFrom('workflow_permissions')
    .select('acl_id')
    .where('workflow_id', '=', workflowId)
    .executeTakeFirst()) !== undefined;

/** The manual workflows an ACL's "trigger workflow" permission covers (every one, for an administrator). */
export function manualWorkflows(db: Kysely<Database>, aclId: number | null, all: boolean) {
  let query = db
    .selectFrom('workflows as w')
    .select(['w.id', 'w.name', 'w.description', 'w.parameters'])
    .where('w.state', '=', 'enabled')
    .where('w.trigger', '=', 'manual')
    .where('w.type', 'not in', ['login', 'permission'])
    .orderBy(sql`lower(w.name)`);
  if (!all)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('workflow_permissions as p')
          .select('p.acl_id')
          .whereRef('p.workflow_id', '=', 'w.id')
          .where('p.acl_id', '=', aclId ?? 0),
      ),
    );
  return query.execute();
}

export const workflowFolderRows = (db: Kysely<Database>) =>
  db.selectFrom('workflow_folders').select(['id', 'name', 'parent_id']).orderBy(sql`lower(name)`).execute();

export const insertWorkflowFolder = async (db: Kysely<Database>, name: string, parentId: number | null) =>
  (
    await db
      .insertInto('workflow_folders')
      .values({ name, parent_id: parentId })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const updateWorkflowFolder = async (
  db: Kysely<Database>,
  id: number,
  name: string,
  parentId: number | null,
) =>
  (
    await db
      .updateTable('workflow_folders')
      .set({ name, parent_id: parentId })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** The folder's id and those above it, nearest first (to refuse a folder moved under itself). */
export async function folderAncestry(db: Kysely<Database>, id: number) {
  const { rows } = await sql<{ id: number }>`
    with recursive up as (
      select id, parent_id from workflow_folders where id = ${id}
      union all
      select f.id, f.parent_id from workflow_folders f join up on f.id = up.parent_id
    )
    select id from up`.execute(db);
  return rows.map((row) => row.id);
}

export const workflowFolderExists = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('workflow_folders').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;

export const deleteWorkflowFolderRow = async (db: Kysely<Database>, id: number) =>
  Number((await db.deleteFrom('workflow_folders').where('id', '=', id).executeTakeFirst()).numDeletedRows);

export const activeAssetPaths = (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('assets')
        .select(['id', 'path'])
        .where('id', 'in', ids)
        .where('status', '=', 'active')
        .orderBy('id')
        .execute();

/** Does a workflow folder still hold a folder or a workflow? */
export const workflowFolderHolds = async (db: Kysely<Database>, id: number) => {
  const { rows } = await sql<{ holds: boolean }>`
    select exists (select 1 from workflow_folders where parent_id = ${id})
      or exists (select 1 from workflows where workflow_folder_id = ${id}) as holds`.execute(db);
  return rows[0]?.holds === true;
};

/** A person by id, or undefined. */
export const userById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** The first active administrator (the oldest account), or undefined. */
export const firstActiveAdmin = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('is_admin', '=', true)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();

/** A sign-in's runs: one per enabled Login workflow, the person as the subject (R-WORKFLOW-LOGIN). */
export async function insertLoginRuns(db: Kysely<Database>, userId: number) {
  const { rows } = await sql<{ id: number }>`
    insert into workflow_runs (workflow_id, asset_id, trigger, parameters, requested_by)
    select w.id, null, 'login',
      coalesce((select jsonb_object_agg(p->>'name', p->>'value') from jsonb_array_elements(w.parameters) p), '{}'),
      ${userId}
    from workflows w where w.state = 'enabled' and w.type = 'login'
    order by w.id
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

/** What a script sees of a person: name, username, the names of their groups. */
export async function scriptUser(db: Kysely<Database>, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const groups = await db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select('g.name')
    .where('m.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return { name: name || user.username, username: user.username, groups: groups.map((each) => each.name) };
}

/** The enabled Permission workflows an ACL's permission asks (R-WORKFLOW-PERMISSION). */
export const permissionWorkflows = (db: Kysely<Database>, aclId: number, permission: string) =>
  db
    .selectFrom('workflows as w')
    .innerJoin('workflow_permissions as p', 'p.workflow_id', 'w.id')
    .select(['w.id', 'w.name', 'w.script', 'w.timeout_ms', 'w.memory_mb', 'w.parameters'])
    .where('w.state', '=', 'enabled')
    .where('w.type', '=', 'permission')
    .where('p.acl_id', '=', aclId)
    .where(sql<string>`w.properties->>'permission'`, '=', permission)
    .orderBy('w.id')
    .execute();

/** A run that was done at once (a Permission workflow's answer), recorded finished for the history. */
export const insertFinishedRun = async (
  db: Kysely<Database>,
  run: {
    workflowId: number;
    assetId: number | null;
    trigger: string;
    requestedBy: number;
    status: 'completed' | 'error';
    log: LogLine[];
    error: string | null;
  },
) =>
  db
    .insertInto('workflow_runs')
    .values({
      workflow_id: run.workflowId,
      asset_id: run.assetId,
      trigger: run.trigger,
      requested_by: run.requestedBy,
      status: run.status,
      log: JSON.stringify(run.log),
      error: run.error,
      finished_at: sql`now()`,
    })
    .execute();

/** The ids of the live assets at these paths. */
export const assetIdsAtPaths = async (db: Kysely<Database>, paths: string[]) =>
  paths.length === 0
    ? []
    : (
        await db
          .selectFrom('assets')
          .select('id')
          .where('path', 'in', paths)
          .where('status', '!=', 'trashed')
          .execute()
      ).map((row) => row.id);

/**
 * The live assets at these storage paths or below them (a path may name a folder: a Rapid download of a folder
 * carries every file in it).
 */
export const assetIdsAtOrUnder = async (db: Kysely<Database>, paths: string[]) =>
  paths.length === 0
    ? []
    : (
        await db
          .selectFrom('assets')
          .select('id')
          .where('status', '!=', 'trashed')
          .where((eb) =>
            eb.or(
              paths.flatMap((path) => [
                eb('path', '=', path),
                // '' is the storage root: every asset is below it.
                eb(sql<boolean>`starts_with(path, ${path === '' ? '' : `${path}/`})`, '=', true),
              ]),
            ),
          )
          .execute()
      ).map((row) => row.id);
