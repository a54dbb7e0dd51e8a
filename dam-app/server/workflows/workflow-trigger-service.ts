import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import {
  parameterValueProblem,
  workflowParameterSchema,
  workflowScheduleSchema,
} from '../../api/workflows.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, conflict, forbidden, invalid, notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import * as queries from './workflow-queries.ts';
import { nextFireAt } from './workflow-schedule.ts';
import { defaultParameters, type RunRow, runView, workflowNotFound } from './workflow-service.ts';

const parametersOf = (saved: unknown[]) =>
  saved.flatMap((each) => {
    const parsed = workflowParameterSchema.safeParse(each);
    return parsed.success ? [parsed.data] : [];
  });

/** The manual workflows the person may start (R-WORKFLOW-MANUAL): none without the "trigger workflow" permission. */
export async function manualWorkflows(services: DamServices, principal: Principal) {
  if (!can(principal, 'trigger workflow')) return [];
  const all = principal.adminMode && principal.user.is_admin;
  return (await queries.manualWorkflows(services.db, principal.acl?.id ?? null, all)).map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    parameters: parametersOf(row.parameters),
  }));
}

/**
 * A person starts a manual workflow on assets they can see (R-WORKFLOW-MANUAL): they need the "trigger workflow"
 * permission and the workflow must be one their ACL's permission names (admin mode: any). One run per asset, written
 * with its job in one transaction; the parameters they set must be the workflow's and fit their types.
 */
export async function triggerWorkflow(
  services: DamServices,
  principal: Principal,
  id: number,
  body: { assetIds: number[]; parameters: Record<string, string> },
) {
  if (!can(principal, 'trigger workflow')) throw forbidden();
  const allowed = await manualWorkflows(services, principal);
  const workflow = allowed.find((each) => each.id === id);
  if (!workflow) {
    const [row] = await queries.workflowRows(services.db, id);
    if (!row) throw workflowNotFound();
    if (row.trigger !== 'manual' || row.state !== 'enabled')
      throw conflict('workflow_not_manual', WORKFLOW_MESSAGES.workflowNotManual);
    throw forbidden();
  }
  const ids = [...new Set(body.assetIds)];
  if ((await visibleAssetIds(services, principal, ids)).length !== ids.length) throw notFound('asset');
  const problems: Record<string, string> = {};
  for (const [name, value] of Object.entries(body.parameters)) {
    const parameter = workflow.parameters.find((each) => each.name === name);
    const problem = parameter
      ? parameterValueProblem(parameter.type, value)
      : 'This workflow has no such parameter.';
    if (problem) problems[`parameters.${name}`] = problem;
  }
  if (Object.keys(problems).length) throw invalid(problems);
  const parameters = {
    ...Object.fromEntries(workflow.parameters.map((each) => [each.name, each.value])),
    ...body.parameters,
  };
  const runIds = await services.db.transaction().execute(async (trx) => {
    const made: number[] = [];
    for (const assetId of ids) {
      const runId = await queries.insertRun(trx, {
        workflowId: id,
        assetId,
        trigger: 'manual',
        parameters,
        requestedBy: principal.user.id,
      });
      if (runId === undefined) continue;
      await queueJob(trx, 'workflow.run', { runId });
      made.push(runId);
    }
    return made;
  });
  services.jobs.kick();
  return { runIds };
}

/** R-WORKFLOW-DEBUGGER: a failed run runs again as a new run, on the same asset with the same parameters. */
export async function replayRun(services: DamServices, runId: number) {
  const run = await queries.runById(services.db, runId);
  if (!run) throw new ApiError(404, 'not_found', WORKFLOW_MESSAGES.runNotFound);
  if (run.status !== 'error' || run.dry_run)
    throw new ApiError(409, 'run_not_failed', WORKFLOW_MESSAGES.workflowOnlyFailedReplay);
  const replay = await services.db.transaction().execute(async (trx) => {
    const id = (await queries.insertRun(trx, {
      workflowId: run.workflow_id,
      assetId: run.asset_id,
      trigger: run.trigger,
      parameters: run.parameters,
      replayOf: run.id,
    })) as number;
    await queueJob(trx, 'workflow.run', { runId: id });
    return id;
  });
  services.jobs.kick();
  return runView((await queries.runById(services.db, replay)) as RunRow);
}

/** How often the schedule job looks for due workflows. */
export const WORKFLOW_SCHEDULE_SECONDS = 60;

/**
 * The `workflow.schedule` job (R-WORKFLOW-SCHEDULE): each enabled scheduled workflow whose time has come gets one run
 * for that fire time (the run is keyed by it, so two servers or a repeated job fire it once) and its next fire time,
 * in one transaction. `now` is the caller's clock (a test's fake one).
 */
export async function fireDueWorkflows(services: DamServices, now = new Date()) {
  const fired = await services.db.transaction().execute(async (trx) => {
    let count = 0;
    for (const due of await queries.lockDueWorkflows(trx, now)) {
      const at = due.next_fire_at as Date;
      const runId = await queries.insertRun(trx, {
        workflowId: due.id,
        assetId: null,
        trigger: 'scheduled',
        parameters: defaultParameters(due.parameters),
        eventKey: `scheduled:${at.toISOString()}`,
      });
      if (runId !== undefined) {
        await queueJob(trx, 'workflow.run', { runId });
        count++;
      }
      await queries.setNextFire(trx, due.id, nextFireAt(workflowScheduleSchema.parse(due.schedule), at, now));
    }
    return count;
  });
  if (fired) services.jobs.kick();
  return fired;
}
