import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { insertLoginRuns } from './workflow-queries.ts';

/**
 * A sign-in starts every enabled Login workflow once (R-WORKFLOW-LOGIN): a run each, the person as its subject (the
 * script sees them as `user`), written with its job in one transaction and run by the job worker, so the sign-in
 * itself never waits for a script.
 */
export async function startLoginWorkflows(services: DamServices, userId: number) {
  const runs = await services.db.transaction().execute(async (trx) => {
    const ids = await insertLoginRuns(trx, userId);
    for (const runId of ids) await queueJob(trx, 'workflow.run', { runId });
    return ids;
  });
  if (runs.length) services.jobs.kick();
  return runs;
}
