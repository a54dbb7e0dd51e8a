import type { z } from 'zod';
import type { auditQuerySchema } from '../../api/admin.ts';
import type { auditFilterSchema } from '../../api/statistics.ts';
import { attachment } from '../downloads/content-disposition.ts';
import type { DamServices } from '../services.ts';
import { auditEntries } from './audit-queries.ts';
import { csvLine } from './csv-line.ts';

type AuditRow = Awaited<ReturnType<typeof auditEntries>>[number];

const entry = (row: AuditRow) => ({
  id: Number(row.id),
  at: row.at.toISOString(),
  actorId: row.actor_id,
  actor: row.username,
  event: row.event,
  target: row.target,
  ip: row.ip,
  details: row.details as Record<string, unknown>,
});

export const auditLog = async (services: DamServices, query: z.output<typeof auditQuerySchema>) =>
  (await auditEntries(services.db, query)).map(entry);

const EXPORT_PAGE = 1_000;

/**
 * R-LOG-REPORTS: every entry the filter matches, newest first, as CSV. Read a page at a time while the answer is
 * written, so a log of years is never held in memory at once.
 */
export function auditCsv(services: DamServices, filter: z.output<typeof auditFilterSchema>): Response {
  const encoder = new TextEncoder();
  let before: number | undefined;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(['id', 'at', 'user', 'event', 'target', 'ip', 'details'])));
      }
      const rows = (await auditEntries(services.db, { ...filter, limit: EXPORT_PAGE, before })).map(entry);
      const text = rows
        .map((row) =>
          csvLine([row.id, row.at, row.actor, row.event, row.target, row.ip, JSON.stringify(row.details)]),
        )
        .join('');
      if (text) controller.enqueue(encoder.encode(text));
      before = rows.at(-1)?.id;
      if (rows.length < EXPORT_PAGE) controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachment(`audit-${new Date().toISOString().slice(0, 10)}.csv`),
      'Cache-Control': 'private, no-store',
    },
  });
}

/** Mails written to the offline outbox; none when mail goes to an SMTP server. */
export const outbox = async (services: DamServices) => (await services.outbox()) ?? [];
