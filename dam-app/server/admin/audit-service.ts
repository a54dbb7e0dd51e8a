import type { z } from 'zod';
import type { auditQuerySchema } from '../../api/admin.ts';
import type { DamServices } from '../services.ts';
import { auditEntries } from './audit-queries.ts';

export const auditLog = async (services: DamServices, query: z.output<typeof auditQuerySchema>) =>
  (await auditEntries(services.db, query)).map((row) => ({
    id: Number(row.id),
    at: row.at.toISOString(),
    actorId: row.actor_id,
    actor: row.username,
    event: row.event,
    target: row.target,
    ip: row.ip,
    details: row.details as Record<string, unknown>,
  }));

/** Mails written to the offline outbox; none when mail goes to an SMTP server. */
export const outbox = async (services: DamServices) => (await services.outbox()) ?? [];
