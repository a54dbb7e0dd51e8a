import { transferPutRequest } from '@rapid/protocol';
import { matchesTag } from '../tag-match.ts';
import { type RecordView, transferRecord } from '../transfer-record.ts';
import type { ApiContext, ApiReply } from './api-context.ts';
import { errorReply } from './api-context.ts';

const VIEWS: Record<string, RecordView> = { id: 'id', short_summary: 'short_summary', summary: 'summary' };
const ACTIVE = new Set(['waiting', 'running', 'paused']);

/** `GET /ops/transfers` (node-api.md §3.5): view (+ `filter` alias), tag/cookie, active_only, direction, paging. */
export function listTransfers(ctx: ApiContext, url: URL): ApiReply {
  const query = url.searchParams;
  const view = VIEWS[query.get('view') ?? query.get('filter') ?? ''] ?? 'full';
  const tag = query.get('tag');
  const activeOnly = query.get('active_only');
  const direction = query.get('direction');
  const after = Number.parseInt(query.get('iteration_token') ?? '0', 10) || 0;
  const count = Math.max(1, Math.min(1000, Number.parseInt(query.get('count') ?? '100', 10) || 100));
  const matching = ctx.store
    .list(after)
    .filter((t) => tag === null || matchesTag(tag, t))
    .filter((t) => activeOnly === null || (activeOnly === 'true') === ACTIVE.has(t.status))
    .filter((t) => direction === null || t.direction === direction)
    .slice(0, count);
  const next = matching.at(-1)?.changeSeq ?? after;
  const nextUrl = new URL(url);
  nextUrl.searchParams.set('iteration_token', String(next));
  return {
    status: 200,
    body: matching.map((t) => transferRecord(t, view)),
    headers: { Link: `<${nextUrl.pathname}${nextUrl.search}>; rel="next"` },
  };
}

export function getTransfer(ctx: ApiContext, id: string): ApiReply {
  const transfer = ctx.store.get(id);
  return transfer
    ? { status: 200, body: transferRecord(transfer, 'full') }
    : errorReply(404, `no transfer ${id}`);
}

/** `PUT /ops/transfers/{id}` (node-api.md §3.7): cancel, pause, resume, live rate change. */
export function putTransfer(ctx: ApiContext, id: string, body: unknown): ApiReply {
  const transfer = ctx.store.get(id);
  if (!transfer) return errorReply(404, `no transfer ${id}`);
  const parsed = transferPutRequest.safeParse(body);
  if (!parsed.success) return errorReply(400, 'malformed transfer update');
  const { status, ...rate } = parsed.data;
  const control = transfer.control;
  if (!control) return errorReply(409 as 400, 'the transfer has no active session');
  if (status === 'canceled' || status === 'cancelled' || status === 'stopped') control.cancel();
  else if (status === 'paused') control.pause();
  else if (status === 'running' || status === 'resume') control.resume();
  const requested = Object.fromEntries(Object.entries(rate).filter(([, value]) => value !== undefined));
  if (Object.keys(requested).length > 0) control.setRate(requested);
  return { status: 200, body: transferRecord(transfer, 'summary') };
}

export function cancelTransfer(ctx: ApiContext, id: string): ApiReply {
  const transfer = ctx.store.get(id);
  if (!transfer) return errorReply(404, `no transfer ${id}`);
  transfer.control?.cancel();
  return { status: 204 };
}
