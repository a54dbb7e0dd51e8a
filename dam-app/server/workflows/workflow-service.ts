import type { Kysely } from 'kysely';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import {
  logLineSchema,
  type SaveWorkflow,
  type Workflow,
  type WorkflowRun,
  workflowChangeSchema,
  workflowRunSchema,
  workflowSchema,
} from '../../api/workflows.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import { ChangeRefused, checkChanges } from './workflow-changes.ts';
import * as queries from './workflow-queries.ts';
import { evaluate, scriptAsset } from './workflow-run-job.ts';

/** How many runs the history shows. */
export const RUN_HISTORY = 50;

const workflowNotFound = () => new ApiError(404, 'not_found', WORKFLOW_MESSAGES.workflowNotFound);
const nameTaken = () => conflict('workflow_exists', WORKFLOW_MESSAGES.workflowNameExists, 'name');
const folderMissing = () => new ApiError(404, 'folder_not_found', WORKFLOW_MESSAGES.workflowFolderMissing);

type WorkflowRow = Awaited<ReturnType<typeof queries.workflowRows>>[number];
const workflowView = (row: WorkflowRow): Workflow =>
  workflowSchema.parse({
    id: row.id,
    name: row.name,
    description: row.description,
    trigger: row.trigger,
    folderId: row.folder_id,
    folderPath: row.folder_path,
    script: row.script,
    enabled: row.enabled,
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

async function checkFolder(db: Kysely<Database>, body: SaveWorkflow) {
  if (body.folderId !== null && !(await queries.folderExists(db, body.folderId))) throw folderMissing();
}

export async function createWorkflow(
  services: DamServices,
  principal: Principal,
  body: SaveWorkflow,
  ip: string,
) {
  const id = await services.db.transaction().execute(async (trx) => {
    await checkFolder(trx, body);
    const id = await queries.insertWorkflow(trx, body);
    if (id === undefined) throw nameTaken();
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
      await checkFolder(trx, body);
      if ((await queries.updateWorkflowRow(trx, id, body)) === undefined) throw workflowNotFound();
      await audit(trx, { actorId: principal.user.id, event: 'workflow_saved', target: body.name, ip });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return workflowView(await workflowById(services.db, id));
}

export async function deleteWorkflow(services: DamServices, principal: Principal, id: number, ip: string) {
  const name = await queries.deleteWorkflowRow(services.db, id);
  if (name === undefined) throw workflowNotFound();
  await audit(services.db, { actorId: principal.user.id, event: 'workflow_deleted', target: name, ip });
}

/** The workflow's latest runs, newest first. */
export async function workflowRuns(services: DamServices, id: number) {
  await workflowById(services.db, id);
  return (await queries.recentRuns(services.db, id, RUN_HISTORY)).map(runView);
}

/**
 * The debugger's dry run (R-WORKFLOW-DRY-RUN): the workflow's script, as saved, on a chosen asset; the changes it
 * would make (and whether they could be made) and its log are recorded as a run and shown, and nothing is changed.
 */
export async function testRun(services: DamServices, id: number, assetId: number) {
  const workflow = await workflowById(services.db, id);
  const asset = await scriptAsset(services, assetId);
  if (!asset) throw notFound('asset');
  const result = await evaluate(workflow, asset);
  let error = result.error;
  if (error === null)
    error = await checkChanges(services, asset, result.changes).then(
      () => null,
      (refused: unknown) => {
        if (refused instanceof ChangeRefused) return refused.message;
        throw refused;
      },
    );
  const runId = await queries.insertDryRun(services.db, {
    workflowId: id,
    assetId,
    status: error === null ? 'completed' : 'error',
    changes: result.changes,
    log: result.log,
    error,
  });
  return runView((await queries.runById(services.db, runId)) as RunRow);
}
