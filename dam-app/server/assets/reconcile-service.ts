import type { Principal } from '../access/principal.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { DamServices } from '../services.ts';
import { reconcileWaiting } from './asset-queries.ts';

/** Queues a reconcile of `path` unless one for it is already waiting (several servers start at once). */
export async function queueReconcile(services: DamServices, path: string): Promise<boolean> {
  if (await reconcileWaiting(services.db, path)) return false;
  await enqueueJob(services.db, 'storage.reconcile', { path });
  services.jobs.kick();
  return true;
}

/** An administrator administers the storage: without an ACL of their own, the whole of it is reconciled. */
export const reconcileFor = (services: DamServices, principal: Principal) =>
  queueReconcile(services, principal.acl ? aclRoot(principal) : '');
