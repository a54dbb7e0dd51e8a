import { sql } from 'kysely';
import { z } from 'zod';
import { defineRoute } from '../api/define-route.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { DamServices } from '../services.ts';

/** Queues a reconcile of `path` unless one for it is already waiting (several servers start at once). */
export async function queueReconcile(services: DamServices, path: string): Promise<boolean> {
  const waiting = await services.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'storage.reconcile')
    .where('done_at', 'is', null)
    .where('failed_at', 'is', null)
    .where(sql<boolean>`payload->>'path' = ${path}`)
    .executeTakeFirst();
  if (waiting) return false;
  await enqueueJob(services.db, 'storage.reconcile', { path });
  services.jobs.kick();
  return true;
}

export const reconcileRoutes = [
  defineRoute({
    method: 'post',
    path: '/admin/storage/reconcile',
    tag: 'Administration',
    summary:
      'Index files that appeared in storage by other means under the current ACL root (the whole storage for an administrator without an ACL); mark vanished ones',
    auth: 'admin',
    response: z.object({ queued: z.boolean() }),
    status: 202,
    async handler({ services, principal }) {
      // An administrator administers the storage: without an ACL of their own, the whole of it is reconciled.
      return { queued: await queueReconcile(services, principal.acl ? aclRoot(principal) : '') };
    },
  }),
];
