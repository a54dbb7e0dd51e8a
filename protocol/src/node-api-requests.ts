import * as z from 'zod/v4/mini';
import { rapidTransferSpec, ratePolicy } from './rapid-transfer-spec.ts';
import './zod-config.ts';

/** One `transfer_request` of `POST /files/{upload,download}_setup` (node-api.md §3.3). */
export const transferRequest = z.looseObject({
  paths: z.optional(
    z.array(z.object({ source: z.optional(z.string()), destination: z.optional(z.string()) })),
  ),
  source_root: z.optional(z.string()),
  destination_root: z.optional(z.string()),
  token_life_seconds: z.optional(z.int().check(z.positive())),
  cookie: z.optional(z.nullable(z.string())),
  tags: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  remote_host: z.optional(z.string()),
  cipher_allowed: z.optional(z.string()),
  rate_policy: z.optional(ratePolicy),
  target_rate_kbps: z.optional(z.number()),
  min_rate_kbps: z.optional(z.number()),
  target_rate_cap_kbps: z.optional(z.number()),
  http_fallback: z.optional(z.union([z.boolean(), z.literal('force')])),
  /**
   * Rapid: `land_beside` makes the node write no existing file for this token's uploads — a file whose name is taken
   * lands beside it under a hidden landing name (reported as the file's `landed_path`), whatever the client's spec.
   */
  clash_policy: z.optional(z.literal('land_beside')),
});
export type TransferRequest = z.infer<typeof transferRequest>;

export const setupRequest = z.object({
  transfer_requests: z.array(z.object({ transfer_request: transferRequest })).check(z.minLength(1)),
});
export type SetupRequest = z.infer<typeof setupRequest>;

/** `PUT /ops/transfers/{id}` body (node-api.md §3.7). */
export const transferPutRequest = z.object({
  status: z.optional(z.enum(['canceled', 'cancelled', 'stopped', 'paused', 'running', 'resume'])),
  target_rate_kbps: z.optional(z.number().check(z.nonnegative())),
  min_rate_kbps: z.optional(z.number().check(z.nonnegative())),
  rate_policy: z.optional(ratePolicy),
});
export type TransferPutRequest = z.infer<typeof transferPutRequest>;

/** `POST /files/browse` body (node-api.md §3.8). */
export const browseRequest = z.object({
  path: z.string(),
  skip: z.optional(z.int().check(z.nonnegative())),
  count: z.optional(z.int().check(z.positive())),
});
export type BrowseRequest = z.infer<typeof browseRequest>;

/** A setup reply entry is a spec or a per-request error. */
export const setupReplyEntry = z.union([
  z.object({ transfer_spec: rapidTransferSpec }),
  z.object({ error: z.object({ user_message: z.string(), code: z.optional(z.int()) }) }),
]);
export const setupReply = z.object({ transfer_specs: z.array(setupReplyEntry) });
export type SetupReply = z.infer<typeof setupReply>;

/** `POST /rapid/ops_read_token` body: a read-only credential for one cookie's transfer records (at most an hour). */
export const opsReadTokenRequest = z.strictObject({
  cookie: z.string().check(z.minLength(1), z.maxLength(64 * 1024)),
  ttl_seconds: z._default(z.int().check(z.minimum(1), z.maximum(3600)), 300),
});
export type OpsReadTokenRequest = z.infer<typeof opsReadTokenRequest>;

/** Its 201 answer: the `Authorization` value to send, and when it stops working (ISO 8601). */
export const opsReadTokenReply = z.object({ token: z.string(), expires_at: z.string() });
export type OpsReadTokenReply = z.infer<typeof opsReadTokenReply>;
