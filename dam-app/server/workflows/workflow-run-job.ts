import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import type { WorkflowAsset } from '../../api/workflows.ts';
import type { DamServices } from '../services.ts';
import { runInSandbox, type SandboxResult } from './sandbox.ts';
import { applyRowChanges, ChangeRefused, checkChanges, moveForRun } from './workflow-changes.ts';
import * as queries from './workflow-queries.ts';

/** The asset as the script sees it, or nothing when it is gone. */
export async function scriptAsset(
  services: DamServices,
  assetId: number,
): Promise<WorkflowAsset | undefined> {
  const row = await queries.assetForScript(services.db, assetId);
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

/** The script's run on an asset, without applying anything. */
export const evaluate = (
  workflow: { script: string; timeout_ms: number; memory_mb: number },
  asset: WorkflowAsset,
) =>
  runInSandbox({
    script: workflow.script,
    asset,
    timeoutMs: workflow.timeout_ms,
    memoryMb: workflow.memory_mb,
  });

/**
 * A scheduled run (the `workflow.run` job, R-WORKFLOW-RUNS): the script runs in the sandbox, then all its changes
 * are applied or none. A move goes first (an intent of its own); the form values, keywords, notifications and the
 * run's closing share one transaction. A server killed in between leaves the run scheduled and its job leased: the
 * job runs again on the asset as it then is; a run already closed is not run again.
 */
export async function runWorkflowJob(services: DamServices, { runId }: { runId: number }) {
  const run = await queries.runById(services.db, runId);
  if (run?.status !== 'scheduled') return;
  const [workflow] = await queries.workflowRows(services.db, run.workflow_id);
  const asset = run.asset_id === null ? undefined : await scriptAsset(services, run.asset_id);
  if (!workflow || !asset) {
    await queries.finishRun(services.db, runId, {
      status: 'error',
      changes: [],
      log: [],
      error: WORKFLOW_MESSAGES.workflowAssetGone,
    });
    return;
  }
  const result = await evaluate(workflow, asset);
  if (result.error !== null) {
    await queries.finishRun(services.db, runId, { status: 'error', ...result });
    return;
  }
  try {
    const target = await checkChanges(services, asset, result.changes);
    if (target !== undefined) await moveForRun(services, asset, target);
    await services.db.transaction().execute(async (trx) => {
      await applyRowChanges(trx, services, asset.id, result.changes);
      if (!(await queries.finishRun(trx, runId, { status: 'completed', ...result })))
        throw new ChangeRefused('The run was closed by another server.');
    });
  } catch (error) {
    if (!(error instanceof ChangeRefused)) throw error;
    await queries.finishRun(services.db, runId, refused(result, error.message));
  }
}

const refused = (result: SandboxResult, message: string) => ({
  status: 'error' as const,
  changes: result.changes,
  log: result.log,
  error: message,
});
