import { randomUUID } from 'node:crypto';
import { type SetupRequest, setupRequest, type TransferRequest } from '@rapid/protocol';
import { signToken } from '../../auth/transfer-token.ts';
import { confinePath, joinRelative } from '../../fs/confine-path.ts';
import { type ApiContext, type ApiReply, errorReply } from './api-context.ts';

/**
 * `POST /files/upload_setup` and `/files/download_setup` (node-api.md §3.3): one spec (or per-request error) per
 * transfer_request, each with a signed token bound to direction, user, allowed roots, expiry, the request's cookie and
 * (uploads) its `clash_policy`.
 */
export function handleSetup(
  ctx: ApiContext,
  kind: 'upload' | 'download',
  user: string,
  body: unknown,
): ApiReply {
  const parsed = setupRequest.safeParse(body);
  if (!parsed.success) return errorReply(400, 'malformed transfer_requests');
  const request: SetupRequest = parsed.data;
  return {
    status: 200,
    body: {
      transfer_specs: request.transfer_requests.map(({ transfer_request }) =>
        specFor(ctx, kind, user, transfer_request),
      ),
    },
  };
}

function rootsOf(kind: 'upload' | 'download', request: TransferRequest): string[] {
  const base = (kind === 'upload' ? request.destination_root : request.source_root) ?? '';
  const named = (request.paths ?? [])
    .map((path) => (kind === 'upload' ? path.destination : path.source))
    .filter((p) => p !== undefined);
  if (named.length === 0 || named.includes('*')) return [joinRelative(base)];
  return named.map((path) => joinRelative(base, path));
}

function specFor(ctx: ApiContext, kind: 'upload' | 'download', user: string, request: TransferRequest) {
  const { config } = ctx;
  const roots = rootsOf(kind, request);
  try {
    for (const root of roots) {
      const local = confinePath(config.docroot, root);
      if (kind === 'download' && !ctx.storage.stat(root))
        throw new Error(`${root} does not exist (${local})`);
    }
  } catch (error) {
    return {
      error: { code: 404, user_message: `invalid path: ${(error as Error).message.replace(/ \(.*\)$/, '')}` },
    };
  }
  const tags = structuredClone(request.tags ?? {}) as Record<string, Record<string, unknown>>;
  tags.aspera = { ...(tags.aspera ?? {}) };
  const xferId = typeof tags.aspera.xfer_id === 'string' ? tags.aspera.xfer_id : randomUUID();
  tags.aspera.xfer_id = xferId;
  const now = Math.floor(Date.now() / 1000);
  const direction = kind === 'upload' ? 'send' : 'receive';
  const token = signToken(config.secret, {
    v: 1,
    dir: direction,
    user,
    node_id: config.nodeId,
    roots,
    iat: now,
    exp: now + (request.token_life_seconds ?? config.tokenLifeSeconds),
    xfer_id: xferId,
    cookie: request.cookie ?? null,
    ...(kind === 'upload' && request.clash_policy ? { clash_policy: request.clash_policy } : {}),
  });
  const rate = config.rate;
  return {
    transfer_spec: {
      paths: (request.paths ?? []).map((path) => ({
        source: path.source ?? '',
        ...(path.destination ? { destination: path.destination } : {}),
      })),
      source_root: request.source_root ?? '',
      destination_root: request.destination_root ?? '',
      token,
      direction,
      cipher:
        request.cipher_allowed && request.cipher_allowed !== 'none' ? request.cipher_allowed : 'aes-128',
      tags,
      cookie: request.cookie ?? null,
      ...(kind === 'upload' && request.clash_policy ? { clash_policy: request.clash_policy } : {}),
      rate_policy: request.rate_policy ?? rate.rate_policy,
      target_rate_kbps: Math.min(
        request.target_rate_kbps ?? rate.target_rate_kbps,
        rate.target_rate_cap_kbps ?? Number.POSITIVE_INFINITY,
      ),
      min_rate_kbps: request.min_rate_kbps ?? rate.min_rate_kbps,
      ...(rate.target_rate_cap_kbps !== undefined ? { target_rate_cap_kbps: rate.target_rate_cap_kbps } : {}),
      ...(rate.min_rate_cap_kbps !== undefined ? { min_rate_cap_kbps: rate.min_rate_cap_kbps } : {}),
      ...(rate.rate_policy_allowed !== undefined ? { rate_policy_allowed: rate.rate_policy_allowed } : {}),
      lock_target_rate_kbps: rate.lock_target_rate_kbps ?? false,
      lock_min_rate_kbps: rate.lock_min_rate_kbps ?? false,
      lock_rate_policy: rate.lock_rate_policy ?? false,
      remote_host: request.remote_host ?? config.advertisedHost,
      remote_user: config.transferUser,
      sshfp: ctx.fingerprint,
      ssh_port: ctx.ports.control,
      fasp_port: ctx.ports.udp,
      http_fallback: request.http_fallback ?? true,
      ...(config.apiTls ? { https_fallback_port: ctx.ports.api } : { http_fallback_port: ctx.ports.api }),
    },
  };
}
