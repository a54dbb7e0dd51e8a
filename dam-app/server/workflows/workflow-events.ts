import type { Kysely } from 'kysely';
import type { AssetTrigger } from '../../api/workflows.ts';
import type { Database } from '../db/schema.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { activeAssetPaths, scheduleMatchingRuns } from './workflow-queries.ts';

/**
 * An asset event that may start workflows (R-WORKFLOW-TRIGGERS): each enabled workflow with this trigger watching the
 * asset's folder (or one above it) gets a scheduled run and its job, in the caller's transaction — so the event and
 * its runs commit together, once. Given the services, the job worker is kicked a moment later (after the commit);
 * otherwise the caller kicks it.
 */
export async function workflowEvent(
  trx: Kysely<Database>,
  trigger: AssetTrigger,
  asset: { id: number; path: string },
  services?: Pick<DamServices, 'jobs'>,
): Promise<number> {
  const runs = await scheduleMatchingRuns(trx, trigger, asset);
  for (const runId of runs) await queueJob(trx, 'workflow.run', { runId });
  if (runs.length && services) setTimeout(() => services.jobs.kick(), 10).unref();
  return runs.length;
}

/** The same event for assets known by id (an approval decides several at once). */
export async function workflowEventForAssets(
  trx: Kysely<Database>,
  trigger: AssetTrigger,
  assetIds: number[],
  services?: Pick<DamServices, 'jobs'>,
): Promise<number> {
  let runs = 0;
  for (const asset of await activeAssetPaths(trx, assetIds))
    runs += await workflowEvent(trx, trigger, asset, services);
  return runs;
}
