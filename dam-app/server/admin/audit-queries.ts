import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The activity log's filters: an event, a username (any case), whole UTC days `from`…`to` (both included). */
export interface AuditFilter {
  event?: string | undefined;
  user?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;

/** Audit entries newest first, with the actor's name; `before` is the last id seen. */
export function auditEntries(
  db: Kysely<Database>,
  page: AuditFilter & { limit: number; before?: number | undefined },
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
  if (page.user)
    select = select.where((eb) => eb(eb.fn('lower', ['users.username']), '=', page.user?.toLowerCase()));
  // Half-open: the day after `to` starts at its midnight UTC.
  if (page.from) select = select.where('audit_log.at', '>=', new Date(page.from));
  if (page.to) select = select.where('audit_log.at', '<', new Date(Date.parse(page.to) + DAY_MS));
  return select.execute();
}
