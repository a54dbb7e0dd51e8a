import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema, outboxMessageSchema } from '../../api/admin.ts';
import { defineRoute } from '../api/define-route.ts';

export const adminAuditRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/audit',
    tag: 'Administration',
    summary: 'The audit log, newest first (page with `before`, the last id seen)',
    auth: 'admin',
    query: auditQuerySchema,
    response: z.array(auditEntrySchema),
    async handler({ services, query }) {
      let select = services.db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .selectAll('audit_log')
        .select('users.username')
        .orderBy('audit_log.id', 'desc')
        .limit(query.limit);
      if (query.before) select = select.where('audit_log.id', '<', query.before);
      if (query.event) select = select.where('audit_log.event', '=', query.event);
      const rows = await select.execute();
      return rows.map((row) => ({
        id: Number(row.id),
        at: row.at.toISOString(),
        actorId: row.actor_id,
        actor: row.username,
        event: row.event,
        target: row.target,
        ip: row.ip,
        details: row.details as Record<string, unknown>,
      }));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/outbox',
    tag: 'Administration',
    summary: 'Mails written to the offline outbox (when no SMTP server is configured)',
    auth: 'admin',
    response: z.array(outboxMessageSchema),
    async handler({ services }) {
      return (await services.outbox()) ?? [];
    },
  }),
];
