import type { Kysely } from 'kysely';
import type { WorkflowTrigger } from '../../api/workflows.ts';
import type { Database } from '../db/schema.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { scheduleMatchingRuns } from './workflow-queries.ts';

/**
 * An asset event that may start workflows (R-WORKFLOW-TRIGGERS): each enabled workflow with this trigger watching the
 * asset's folder (or one above it) gets a scheduled run and its job, in the caller's transaction — so the event and
 * its runs commit together, once. The caller kicks the job worker after its commit.
 */
export async function workflowEvent(
  trx: Kysely<Database>,
  trigger: WorkflowTrigger,
  asset: { id: number; path: string },
): Promise<number> {
  const runs = await scheduleMatchingRuns(trx, trigger, asset);
  for (const runId of runs) await queueJob(trx, 'workflow.run', { runId });
  return runs.length;
}
