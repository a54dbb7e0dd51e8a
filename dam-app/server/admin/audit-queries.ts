import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Audit entries newest first, with the actor's name; `before` is the last id seen. */
export function auditEntries(
  db: Kysely<Database>,
  page: { limit: number; before?: number | undefined; event?: string | undefined },
) {
  let select = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .selectAll('audit_log')
    .select('users.username')
    .orderBy('audit_log.id', 'desc')
    .limit(page.limit);
  if (page.before) select = select.where('audit_log.id', '<', page.before);
  if (page.event) select = select.where('audit_log.event', '=', page.event);
  return select.execute();
}
