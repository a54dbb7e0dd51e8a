import * as z from 'zod/v4/mini';
import './zod-config.ts';

const kbps = z.number().check(z.nonnegative());
const port = z.int().check(z.gte(0), z.lte(65535));

/** One `paths[]` entry of a transfer spec (node-api.md §4.2). */
export const transferPath = z.object({ source: z.string(), destination: z.optional(z.string()) });
export type TransferPath = z.infer<typeof transferPath>;

export const ratePolicy = z.enum(['fixed', 'high', 'fair', 'low']);
export type RatePolicy = z.infer<typeof ratePolicy>;

export const fileChecksum = z.enum(['none', 'md5', 'sha1', 'sha-256', 'sha-384', 'sha-512']);
export type FileChecksum = z.infer<typeof fileChecksum>;

/**
 * The transfer spec as Rapid's engine and node read it (node-api.md §4). Loose: fields Rapid does not honour pass
 * through untouched so they can be echoed back in status records.
 */
export const rapidTransferSpec = z.looseObject({
  direction: z.enum(['send', 'receive']),
  remote_host: z.string().check(z.minLength(1)),
  remote_user: z.optional(z.string()),
  token: z.optional(z.string()),
  paths: z.array(transferPath),
  source_root: z.optional(z.string()),
  destination_root: z.optional(z.string()),
  create_dir: z.optional(z.boolean()),
  ssh_port: z.optional(port),
  fasp_port: z.optional(port),
  http_fallback: z.optional(z.union([z.boolean(), z.literal('force')])),
  http_fallback_port: z.optional(port),
  https_fallback_port: z.optional(port),
  sshfp: z.optional(z.nullable(z.string())),
  cipher: z.optional(z.string()),
  target_rate_kbps: z.optional(kbps),
  min_rate_kbps: z.optional(kbps),
  rate_policy: z.optional(ratePolicy),
  target_rate_cap_kbps: z.optional(kbps),
  min_rate_cap_kbps: z.optional(kbps),
  rate_policy_allowed: z.optional(ratePolicy),
  lock_target_rate_kbps: z.optional(z.boolean()),
  lock_min_rate_kbps: z.optional(z.boolean()),
  lock_rate_policy: z.optional(z.boolean()),
  lock_target_rate: z.optional(z.boolean()),
  lock_min_rate: z.optional(z.boolean()),
  resume: z.optional(z.string()),
  resume_policy: z.optional(z.string()),
  overwrite: z.optional(z.string()),
  overwrite_policy: z.optional(z.string()),
  file_checksum: z.optional(fileChecksum),
  preserve_times: z.optional(z.boolean()),
  preserve_modification_time: z.optional(z.boolean()),
  cookie: z.optional(z.nullable(z.string())),
  tags: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  dgram_size: z.optional(z.int().check(z.gte(128), z.lte(65507))),
  xfer_retries: z.optional(z.int().check(z.nonnegative())),
  content_protection: z.optional(z.nullable(z.enum(['encrypt', 'decrypt']))),
  content_protection_password: z.optional(z.string()),
  content_protection_passphrase: z.optional(z.string()),
});
export type RapidTransferSpec = z.infer<typeof rapidTransferSpec>;
