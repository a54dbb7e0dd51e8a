import type { Kysely } from 'kysely';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import {
  logLineSchema,
  runStepSchema,
  type SaveWorkflow,
  type Workflow,
  type WorkflowRun,
  workflowChangeSchema,
  workflowParameterSchema,
  workflowRunSchema,
  workflowScheduleSchema,
  workflowSchema,
} from '../../api/workflows.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import * as queries from './workflow-queries.ts';
import { executeRun, scriptAsset } from './workflow-run-job.ts';
import { firstFireAt } from './workflow-schedule.ts';

/** How many runs the history shows. */
export const RUN_HISTORY = 50;

const workflowNotFound = () => new ApiError(404, 'not_found', WORKFLOW_MESSAGES.workflowNotFound);
const nameTaken = () => conflict('workflow_exists', WORKFLOW_MESSAGES.workflowNameExists, 'name');
const folderMissing = () => new ApiError(404, 'folder_not_found', WORKFLOW_MESSAGES.workflowFolderMissing);
const groupMissing = () =>
  new ApiError(404, 'workflow_folder_not_found', WORKFLOW_MESSAGES.workflowFolderNotFound);
const aclMissing = () => new ApiError(404, 'acl_not_found', WORKFLOW_MESSAGES.workflowAclMissing);
const usedForPermission = () => conflict('workflow_in_use', WORKFLOW_MESSAGES.workflowUsedForPermission);

/** The parameters a run receives when nobody sets them: each parameter's saved value. */
export const defaultParameters = (saved: unknown[]) =>
  Object.fromEntries(
    saved.flatMap((each) => {
      const parsed = workflowParameterSchema.safeParse(each);
      return parsed.success ? [[parsed.data.name, parsed.data.value]] : [];
    }),
  );

type WorkflowRow = Awaited<ReturnType<typeof queries.workflowRows>>[number];
const workflowView = (row: WorkflowRow): Workflow =>
  workflowSchema.parse({
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    trigger: row.trigger,
    folderId: row.folder_id,
    folderPath: row.folder_path,
    workflowFolderId: row.workflow_folder_id,
    script: row.script,
    steps: row.steps,
    parameters: row.parameters,
    properties: row.properties,
    schedule: row.schedule,
    nextFireAt: row.next_fire_at?.toISOString() ?? null,
    aclIds: row.acl_ids,
    state: row.state,
    timeoutMs: row.timeout_ms,
    memoryMb: row.memory_mb,
    updatedAt: row.updated_at.toISOString(),
  });

type RunRow = NonNullable<Awaited<ReturnType<typeof queries.runById>>>;
const runView = (row: RunRow): WorkflowRun =>
  workflowRunSchema.parse({
    id: row.id,
    workflowId: row.workflow_id,
    workflowName: row.workflow_name,
    assetId: row.asset_id,
    trigger: row.trigger,
    status: row.status,
    dryRun: row.dry_run,
    parameters: row.parameters,
    steps: row.steps.filter((each) => runStepSchema.safeParse(each).success),
    replayOf: row.replay_of,
    // What an older run stored is shown as far as it still reads.
    changes: row.changes.filter((each) => workflowChangeSchema.safeParse(each).success),
    log: row.log.filter((each) => logLineSchema.safeParse(each).success),
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  });

async function workflowById(db: Kysely<Database>, id: number) {
  const [row] = await queries.workflowRows(db, id);
  if (!row) throw workflowNotFound();
  return row;
}

export const listWorkflows = async (services: DamServices) =>
  (await queries.workflowRows(services.db)).map(workflowView);

async function checkReferences(db: Kysely<Database>, body: SaveWorkflow) {
  if (body.folderId !== null && !(await queries.folderExists(db, body.folderId))) throw folderMissing();
  if (body.workflowFolderId !== null && !(await queries.workflowFolderExists(db, body.workflowFolderId)))
    throw groupMissing();
  const aclIds = [...new Set(body.aclIds)];
  if ((await queries.aclCount(db, aclIds)) !== aclIds.length) throw aclMissing();
}

/** When a scheduled workflow first fires, counted from now (R-WORKFLOW-SCHEDULE). */
const nextFireOf = (body: SaveWorkflow, now: Date) =>
  body.trigger === 'scheduled' && body.schedule
    ? firstFireAt(workflowScheduleSchema.parse(body.schedule), now)
    : null;

/** What saving does besides the row: its permissions, and a cancelled workflow's waiting runs end. */
async function afterSave(trx: Kysely<Database>, id: number, body: SaveWorkflow) {
  await queries.setPermissions(trx, id, [...new Set(body.aclIds)]);
  if (body.state === 'cancelled')
    await queries.cancelScheduledRuns(trx, id, WORKFLOW_MESSAGES.workflowCancelled);
}

export async function createWorkflow(
  services: DamServices,
  principal: Principal,
  body: SaveWorkflow,
  ip: string,
) {
  const id = await services.db.transaction().execute(async (trx) => {
    await checkReferences(trx, body);
    const id = await queries.insertWorkflow(trx, body, nextFireOf(body, new Date()));
    if (id === undefined) throw nameTaken();
    await afterSave(trx, id, body);
    await audit(trx, { actorId: principal.user.id, event: 'workflow_saved', target: body.name, ip });
    return id;
  });
  return workflowView(await workflowById(services.db, id));
}

export async function updateWorkflow(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SaveWorkflow,
  ip: string,
) {
  await services.db
    .transaction()
    .execute(async (trx) => {
      await checkReferences(trx, body);
      if ((await queries.updateWorkflowRow(trx, id, body, nextFireOf(body, new Date()))) === undefined)
        throw workflowNotFound();
      await afterSave(trx, id, body);
      await audit(trx, { actorId: principal.user.id, event: 'workflow_saved', target: body.name, ip });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return workflowView(await workflowById(services.db, id));
}

/** R-WORKFLOW-MODEL: a workflow an ACL's "trigger workflow" permission names cannot be removed. */
export async function deleteWorkflow(services: DamServices, principal: Principal, id: number, ip: string) {
  await services.db.transaction().execute(async (trx) => {
    if (await queries.usedForPermission(trx, id)) throw usedForPermission();
    const name = await queries.deleteWorkflowRow(trx, id);
    if (name === undefined) throw workflowNotFound();
    await audit(trx, { actorId: principal.user.id, event: 'workflow_deleted', target: name, ip });
  });
}

/** The workflow's latest runs, newest first. */
export async function workflowRuns(services: DamServices, id: number) {
  await workflowById(services.db, id);
  return (await queries.recentRuns(services.db, id, RUN_HISTORY)).map(runView);
}

/**
 * The debugger's dry run (R-WORKFLOW-DRY-RUN, R-WORKFLOW-DEBUGGER): the workflow as saved, on a chosen asset (or on
 * none, for a scheduled one), with its parameters; each step with its input, output, log and status, recorded as a
 * run and shown — and nothing is changed.
 */
export async function testRun(
  services: DamServices,
  id: number,
  assetId: number | null,
  parameters: Record<string, string> = {},
) {
  const workflow = await workflowById(services.db, id);
  const asset = assetId === null ? undefined : await scriptAsset(services, assetId);
  if (assetId !== null && !asset) throw notFound('asset');
  const given = { ...defaultParameters(workflow.parameters), ...parameters };
  const outcome = await executeRun(
    services,
    workflow,
    { id: 0, trigger: 'test', parameters: given, steps: [] },
    asset,
    true,
  );
  const runId = await queries.insertDryRun(services.db, {
    workflowId: id,
    assetId,
    status: outcome.status,
    changes: outcome.changes,
    log: outcome.log,
    steps: outcome.steps,
    parameters: given,
    error: outcome.error,
  });
  return runView((await queries.runById(services.db, runId)) as RunRow);
}

export { type RunRow, runView, workflowNotFound };
