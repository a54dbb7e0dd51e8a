import type { IncomingMessage } from 'node:http';
import { type OpsReadTokenReply, opsReadTokenRequest } from '@rapid/protocol';
import {
  OPS_READ_MAX_SECONDS,
  type OpsReadClaims,
  signOpsReadToken,
  verifyOpsReadToken,
} from '../../auth/ops-read-token.ts';
import type { ApiContext, ApiReply } from './api-context.ts';
import { errorReply } from './api-context.ts';
import { getTransfer, listTransfers } from './ops-transfers.ts';

const TRANSFER = /^\/ops\/transfers\/([^/]+)$/;

/** `POST /rapid/ops_read_token` (node user): a bearer credential that reads only this cookie's transfers. */
export function issueOpsReadToken(ctx: ApiContext, body: unknown): ApiReply {
  const parsed = opsReadTokenRequest.safeParse(body);
  if (!parsed.success) return errorReply(400, `expected { cookie, ttl_seconds (1–${OPS_READ_MAX_SECONDS}) }`);
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + parsed.data.ttl_seconds;
  const token = signOpsReadToken(ctx.config.secret, {
    v: 1,
    node_id: ctx.config.nodeId,
    cookie: parsed.data.cookie,
    iat,
    exp,
  });
  const reply: OpsReadTokenReply = {
    token: `Bearer ${token}`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
  return { status: 201, body: reply };
}

/** The claims of a read credential in `Authorization: Bearer RO1…`, `null` if it is invalid, undefined if absent. */
export function opsReadClaims(ctx: ApiContext, req: IncomingMessage): OpsReadClaims | null | undefined {
  const match = /^Bearer\s+(RO1\.\S+)$/.exec(req.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const check = verifyOpsReadToken(ctx.config.secret, match[1], { nodeId: ctx.config.nodeId });
  return check.ok ? check.claims : null;
}

/**
 * What a read credential may do: list transfers (always filtered to its cookie, whatever `tag` asks) and read one
 * transfer of that cookie. Other transfers do not exist for it (404); everything else is refused (403).
 */
export function routeOpsRead(ctx: ApiContext, method: string, url: URL, claims: OpsReadClaims): ApiReply {
  if (method !== 'GET') return errorReply(403, 'a read credential only reads transfers');
  if (url.pathname === '/ops/transfers') {
    const scoped = new URL(url);
    scoped.searchParams.set('tag', claims.cookie);
    return listTransfers(ctx, scoped);
  }
  const match = TRANSFER.exec(url.pathname);
  if (!match) return errorReply(403, 'a read credential only reads transfers');
  const id = decodeURIComponent(match[1] ?? '');
  if (ctx.store.get(id)?.cookie !== claims.cookie) return errorReply(404, `no transfer ${id}`);
  return getTransfer(ctx, id);
}
