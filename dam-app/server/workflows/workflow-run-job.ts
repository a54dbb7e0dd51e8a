import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import {
  type LogLine,
  type RunStep,
  SCRIPT_TYPES,
  type WorkflowAsset,
  type WorkflowChange,
  type WorkflowStep,
  type WorkflowType,
  workflowStepSchema,
} from '../../api/workflows.ts';
import type { DamServices } from '../services.ts';
import { runInSandbox, type ScriptUser } from './sandbox.ts';
import { applyRowChanges, ChangeRefused, checkChanges, moveForRun } from './workflow-changes.ts';
import * as queries from './workflow-queries.ts';
import { runStep, StepFailed, stepInput } from './workflow-steps.ts';

/** The asset as the script sees it, or nothing when it is gone. */
export async function scriptAsset(
  services: DamServices,
  assetId: number,
  trashed = false,
): Promise<WorkflowAsset | undefined> {
  const row = await queries.assetForScript(services.db, assetId, trashed);
  if (!row) return undefined;
  const slash = row.path.lastIndexOf('/');
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    folder: slash === -1 ? '' : row.path.slice(0, slash),
    kind: row.kind,
    keywords: row.keywords,
    fields: row.fields ?? {},
  };
}

export interface RunnableWorkflow {
  name: string;
  type: WorkflowType;
  script: string;
  steps: unknown[];
  timeout_ms: number;
  memory_mb: number;
}

export interface RunOutcome {
  status: 'completed' | 'error';
  changes: WorkflowChange[];
  log: LogLine[];
  steps: RunStep[];
  error: string | null;
}

interface RunInput {
  id: number;
  trigger: string;
  parameters: Record<string, string>;
  /** What an earlier attempt of this run recorded (a server killed mid-run). */
  steps: unknown[];
  /** The person who started it by hand, or null. */
  requestedBy?: number | null;
  /** The person a Login workflow runs for (`user` in the script). */
  user?: ScriptUser | null;
}

const scheduledStep = (step: WorkflowStep, parameters: Record<string, string>): RunStep => ({
  action: step.action,
  input: stepInput(step, parameters),
  output: {},
  status: 'scheduled',
  log: [],
});

/**
 * A Regular workflow's steps, in order (R-WORKFLOW-STEPS). Each step's outcome is recorded as it ends, so after a
 * server kill the job runs again from the first step not completed; the first step that fails ends the run in error
 * and the steps after it stay Scheduled.
 */
async function regularRun(
  services: DamServices,
  workflow: RunnableWorkflow,
  run: RunInput,
  asset: WorkflowAsset | undefined,
  dryRun: boolean,
): Promise<RunOutcome> {
  const defined = workflow.steps.map((each) => workflowStepSchema.parse(each));
  const steps = defined.map((step, index) => {
    const earlier = run.steps[index] as RunStep | undefined;
    return earlier?.status === 'completed' ? earlier : scheduledStep(step, run.parameters);
  });
  const context = {
    services,
    run: {
      id: run.id,
      workflowName: workflow.name,
      trigger: run.trigger,
      parameters: run.parameters,
      requestedBy: run.requestedBy ?? null,
    },
    asset: asset ? structuredClone(asset) : undefined,
    dryRun,
  };
  for (const [index, step] of defined.entries()) {
    if (steps[index]?.status === 'completed') continue;
    try {
      const { output, log } = await runStep(context, step);
      steps[index] = { ...(steps[index] as RunStep), output, log, status: 'completed' };
    } catch (error) {
      if (!(error instanceof StepFailed)) throw error;
      steps[index] = {
        ...(steps[index] as RunStep),
        status: 'error',
        log: [{ level: 'severe', message: error.message }],
      };
      return { status: 'error', changes: [], log: [], steps, error: error.message };
    }
    if (!dryRun) await queries.saveRunSteps(services.db, run.id, steps);
  }
  return { status: 'completed', changes: [], log: [], steps, error: null };
}

/**
 * A script's run (Advanced JavaScript, Login, Permission): it runs in the sandbox, then all its changes are applied
 * or none. The debugger shows the script as a first step (its input, its log) and each change it asked for as a step.
 */
async function scriptRun(
  services: DamServices,
  workflow: RunnableWorkflow,
  run: RunInput,
  asset: WorkflowAsset | undefined,
  dryRun: boolean,
  close?: (outcome: RunOutcome, trx: Parameters<typeof applyRowChanges>[0]) => Promise<boolean>,
): Promise<RunOutcome> {
  const result = await runInSandbox({
    script: workflow.script,
    asset: asset ?? null,
    parameters: run.parameters,
    user: run.user ?? null,
    timeoutMs: workflow.timeout_ms,
    memoryMb: workflow.memory_mb,
  });
  const scriptStep: RunStep = {
    action: 'script',
    input: { asset: asset?.path ?? null, parameters: run.parameters },
    output: { changes: result.changes.length },
    status: result.error === null ? 'completed' : 'error',
    log: result.log,
  };
  const steps = (status: RunStep['status']): RunStep[] => [
    scriptStep,
    ...result.changes.map((change) => ({
      action: change.action,
      input: { ...change } as Record<string, unknown>,
      output: {},
      status,
      log: [],
    })),
  ];
  const failed = (error: string): RunOutcome => ({
    status: 'error',
    changes: result.changes,
    log: result.log,
    steps: steps('scheduled'),
    error,
  });
  if (result.error !== null) return failed(result.error);
  if (result.changes.length > 0 && !asset) return failed(WORKFLOW_MESSAGES.stepNeedsAsset);
  const done: RunOutcome = {
    status: 'completed',
    changes: result.changes,
    log: result.log,
    steps: steps('completed'),
    error: null,
  };
  if (!asset) return done;
  try {
    const target = await checkChanges(services, asset, result.changes);
    if (dryRun) return done;
    if (target !== undefined) await moveForRun(services, asset, target);
    await services.db.transaction().execute(async (trx) => {
      await applyRowChanges(trx, services, asset.id, result.changes);
      if (close && !(await close(done, trx)))
        throw new ChangeRefused('The run was closed by another server.');
    });
    return done;
  } catch (error) {
    if (!(error instanceof ChangeRefused)) throw error;
    return failed(error.message);
  }
}

/** A workflow's run, or in a dry run what it would do (the debugger, R-WORKFLOW-DEBUGGER). */
export function executeRun(
  services: DamServices,
  workflow: RunnableWorkflow,
  run: RunInput,
  asset: WorkflowAsset | undefined,
  dryRun: boolean,
  close?: (outcome: RunOutcome, trx: Parameters<typeof applyRowChanges>[0]) => Promise<boolean>,
) {
  return SCRIPT_TYPES.includes(workflow.type)
    ? scriptRun(services, workflow, run, asset, dryRun, close)
    : regularRun(services, workflow, run, asset, dryRun);
}

/**
 * A scheduled run (the `workflow.run` job, R-WORKFLOW-RUNS). A script's changes are applied with the run's closing
 * in one transaction (a move first, as an intent); a Regular run records each step as it ends. A server killed in
 * between leaves the run scheduled and its job leased: the job runs again on the asset as it then is, from the first
 * step not completed; a run already closed is not run again.
 */
export async function runWorkflowJob(services: DamServices, { runId }: { runId: number }) {
  const run = await queries.runById(services.db, runId);
  if (run?.status !== 'scheduled') return;
  const [workflow] = await queries.workflowRows(services.db, run.workflow_id);
  const asset =
    run.asset_id === null ? undefined : await scriptAsset(services, run.asset_id, run.trigger === 'deleted');
  if (!workflow || (run.asset_id !== null && !asset)) {
    await queries.finishRun(services.db, runId, {
      status: 'error',
      changes: [],
      log: [],
      error: WORKFLOW_MESSAGES.workflowAssetGone,
    });
    return;
  }
  const input = {
    id: run.id,
    trigger: run.trigger,
    parameters: run.parameters,
    steps: run.steps,
    requestedBy: run.requested_by,
    // A Login run's subject is the person who signed in.
    user:
      run.trigger === 'login' && run.requested_by !== null
        ? await queries.scriptUser(services.db, run.requested_by)
        : null,
  };
  let closed = false;
  const outcome = await executeRun(services, workflow, input, asset, false, async (done, trx) => {
    closed = await queries.finishRun(trx, runId, done);
    return closed;
  });
  if (!closed) await queries.finishRun(services.db, runId, outcome);
}
