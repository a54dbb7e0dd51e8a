import * as z from 'zod/v4/mini';
import './zod-config.ts';

/** `aspera_connect_settings` (connect-protocol.md §10, §11.5); the SDK adds `app_id`, `request_id`, `back_link`. */
export const connectSettings = z.looseObject({
  app_id: z.optional(z.string()),
  request_id: z.optional(z.string()),
  back_link: z.optional(z.string()),
  allow_dialogs: z.optional(z.boolean()),
  return_files: z.optional(z.boolean()),
  return_paths: z.optional(z.boolean()),
  use_absolute_destination_path: z.optional(z.boolean()),
});
export type ConnectSettings = z.infer<typeof connectSettings>;

const ratePolicy = z.enum(['fixed', 'high', 'fair', 'low']);
const kbps = z.number().check(z.nonnegative());

/** The rate fields of a transfer spec: what `modify/{id}` may change. */
export const rateChange = z.looseObject({
  rate_policy: z.optional(ratePolicy),
  target_rate_kbps: z.optional(kbps),
  min_rate_kbps: z.optional(kbps),
  target_rate_cap_kbps: z.optional(kbps),
  lock_rate_policy: z.optional(z.boolean()),
  lock_target_rate: z.optional(z.boolean()),
  lock_min_rate: z.optional(z.boolean()),
});
export type RateChange = z.infer<typeof rateChange>;

/** Connect-flavour transfer spec (connect-protocol.md §11.5). Loose: unknown fields are echoed back unchanged. */
export const transferSpec = z.looseObject({
  paths: z
    .array(z.looseObject({ source: z.string().check(z.minLength(1)), destination: z.optional(z.string()) }))
    .check(z.minLength(1)),
  remote_host: z.string().check(z.minLength(1)),
  direction: z.enum(['send', 'receive']),
  remote_user: z.optional(z.string()),
  remote_password: z.optional(z.string()),
  authentication: z.optional(z.enum(['password', 'token'])),
  token: z.optional(z.string()),
  // Transfer nodes answer `*_setup` with `"cookie": null` and `"tags": null` when unset; pages pass that on.
  cookie: z.optional(z.nullable(z.string())),
  cipher: z.optional(z.string()),
  destination_root: z.optional(z.string()),
  source_root: z.optional(z.string()),
  fasp_port: z.optional(z.int()),
  ssh_port: z.optional(z.int()),
  rate_policy: z.optional(ratePolicy),
  target_rate_kbps: z.optional(kbps),
  min_rate_kbps: z.optional(kbps),
  target_rate_cap_kbps: z.optional(kbps),
  resume: z.optional(z.enum(['none', 'attributes', 'sparse_checksum', 'full_checksum'])),
  tags: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});
export type TransferSpec = z.infer<typeof transferSpec>;

/** `POST /connect/transfers/start`; settings per element or at the top level (aspera-cli sends the latter). */
export const startTransfersRequest = z.looseObject({
  transfer_specs: z
    .array(
      z.looseObject({ transfer_spec: transferSpec, aspera_connect_settings: z.optional(connectSettings) }),
    )
    .check(z.minLength(1)),
  aspera_connect_settings: z.optional(connectSettings),
});
export type StartTransfersRequest = z.infer<typeof startTransfersRequest>;

/** `POST /connect/transfers/activity`. */
export const activityRequest = z.looseObject({
  iteration_token: z.optional(z.union([z.int().check(z.nonnegative()), z.literal('')])),
});

/** `POST /connect/transfers/resume/{id}`: credentials that may have expired since the transfer started. */
export const resumeRequest = z.looseObject({
  token: z.optional(z.string()),
  cookie: z.optional(z.string()),
  authentication: z.optional(z.enum(['password', 'token'])),
  remote_user: z.optional(z.string()),
  remote_password: z.optional(z.string()),
  content_protection_passphrase: z.optional(z.string()),
});
export type ResumeRequest = z.infer<typeof resumeRequest>;

export const TRANSFER_STATUSES = [
  'initiating',
  'queued',
  'running',
  'willretry',
  'completed',
  'failed',
  'cancelled',
  'removed',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

const fileProgress = z.object({
  file: z.string(),
  bytes_expected: z.number(),
  bytes_written: z.number(),
  fasp_file_id: z.string(),
});

/** TransferInfo (connect-protocol.md §11.5, node-api.md §8): one record of the client's transfer list. */
export const transferInfo = z.object({
  uuid: z.string(),
  title: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  previous_status: z.union([z.enum(TRANSFER_STATUSES), z.literal('')]),
  add_time: z.string(),
  start_time: z.string(),
  modify_time: z.string(),
  end_time: z.string(),
  bytes_expected: z.number(),
  bytes_written: z.number(),
  percentage: z.number().check(z.gte(0), z.lte(1)),
  calculated_rate_kbps: z.number(),
  elapsed_usec: z.number(),
  remaining_usec: z.number(),
  current_file: z.string(),
  file_counts: z.object({
    attempted: z.number(),
    completed: z.number(),
    failed: z.number(),
    skipped: z.number(),
  }),
  files: z.optional(z.array(fileProgress)),
  transfer_spec: z.looseObject({}),
  aspera_connect_settings: connectSettings,
  transport: z.enum(['fasp', 'http']),
  transfer_iteration_token: z.int(),
  explorer_path: z.string(),
  error_code: z.int(),
  error_desc: z.string(),
});
export type TransferInfo = z.infer<typeof transferInfo>;

/** `activity` answer: only records changed since the given token, and the token to pass next time. */
export const allTransfersInfo = z.object({
  iteration_token: z.int(),
  result_count: z.int(),
  transfers: z.array(transferInfo),
});
export type AllTransfersInfo = z.infer<typeof allTransfersInfo>;

/** A POST whose body carries only the injected settings (info, stop, remove). */
export const settingsOnly = z.looseObject({
  aspera_connect_settings: z.optional(connectSettings),
  authorization_key: z.optional(z.string()),
});
