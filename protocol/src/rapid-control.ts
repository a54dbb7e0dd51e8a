import * as z from 'zod/v4/mini';
import { fileChecksum, ratePolicy, transferPath } from './rapid-transfer-spec.ts';
import './zod-config.ts';

// Control-channel messages of rapid/1 (transfer/PROTOCOL.md §1.3). Both ends parse every message they receive.

const u = z.int().check(z.nonnegative());
const range = z.tuple([u, u]);
// 0 asks for the automatic size: the smaller of both ends' interface MTU minus the IP and UDP headers.
const dgramSize = z.int().check(z.gte(128), z.lte(65507));
const mtu = z.optional(z.int().check(z.positive()));
const rate = z.object({ target_rate_kbps: z.number(), min_rate_kbps: z.number(), rate_policy: ratePolicy });
const packetVersion = z.int().check(z.gte(1), z.lte(255));

export const helloMessage = z.object({
  t: z.literal('hello'),
  version: z.literal(1),
  token: z.string(),
  direction: z.enum(['send', 'receive']),
  paths: z.array(transferPath),
  source_root: z.string(),
  destination_root: z.string(),
  create_dir: z.boolean(),
  cookie: z.string(),
  tags: z.record(z.string(), z.unknown()),
  rate,
  cipher: z.string(),
  resume: z.enum(['none', 'attributes', 'sparse_checksum', 'full_checksum']),
  overwrite: z.enum(['never', 'always', 'diff', 'older', 'diff+older']),
  file_checksum: fileChecksum,
  preserve_times: z.boolean(),
  dgram_size: z.union([z.literal(0), dgramSize]),
  mtu,
  /** The client takes `files_done` (a receiving node may finish many files in one message). */
  accepts_files_done: z.optional(z.boolean()),
  /**
   * A receiving client that keeps nothing it holds (`resume: "none"`, `overwrite: "always"`): its plan can only ask
   * for every byte, so the node sends before the plan arrives.
   */
  takes_all: z.optional(z.boolean()),
  /**
   * Data-channel credentials the client proposes, so that it probes beside the hello: a node that adopts them names
   * the same ones in `accept` (PROTOCOL.md §2.4).
   */
  udp: z.optional(
    z.object({
      session_id: z.int().check(z.gte(1), z.lte(2 ** 32 - 1)),
      key: z.optional(z.string()),
      salt: z.string(),
    }),
  ),
  /** The data-packet layouts the client reads and writes (PROTOCOL.md §2.1); absent means version 1 only. */
  packet_versions: z.optional(z.array(packetVersion).check(z.maxLength(16))),
});
export const acceptMessage = z.object({
  t: z.literal('accept'),
  session_id: u,
  xfer_id: z.string(),
  key: z.optional(z.string()),
  salt: z.string(),
  dgram_size: dgramSize,
  mtu,
  rate,
  /** The node takes `files_done` (a receiving client may finish many files in one message). */
  accepts_files_done: z.optional(z.boolean()),
  /** Sessions the node serves, this one included: their senders share the start rate and the additive climb. */
  node_sessions: z.optional(u),
  /** The data-packet layout both ends send in, one of `hello.packet_versions`; absent means version 1. */
  packet_version: z.optional(packetVersion),
});
export const errorMessage = z.object({
  t: z.literal('error'),
  code: z.int(),
  desc: z.string(),
  retryable: z.boolean(),
});
export const offerMessage = z.object({
  t: z.literal('offer'),
  files: z.array(z.object({ index: u, path: z.string(), size: u, mtime_ms: z.number() })),
});
export const planMessage = z.object({
  t: z.literal('plan'),
  files: z.array(
    z.object({
      index: u,
      action: z.enum(['send', 'skip', 'compare']),
      have: z.array(range),
      samples: z.array(z.object({ start: u, end: u, sha256: z.string() })),
      error: z.optional(z.object({ code: z.int(), desc: z.string() })),
      /** Base64 of the first bytes (≤ 128) the receiver already holds, e.g. an encrypted envelope's header. */
      head: z.optional(z.string()),
    }),
  ),
  /**
   * The receiver applied this plan as its own decision (no file needed a sample check) and takes data now: the sender
   * starts without waiting for `ready`. It still sends `decision`, answered with `ready` as before.
   */
  ready: z.optional(z.boolean()),
});
export const decisionMessage = z.object({
  t: z.literal('decision'),
  files: z.array(z.object({ index: u, drop: z.array(range), skip: z.boolean() })),
});
export const readyMessage = z.object({ t: z.literal('ready') });
export const statusMessage = z.object({
  t: z.literal('status'),
  next_seq: u,
  sent_bytes: u,
  retransmitted_bytes: u,
  /** Numbers the status, so the receiver's next feedback can echo it and the sender measure the round trip. */
  id: z.optional(u),
});
export const feedbackMessage = z.object({
  t: z.literal('feedback'),
  cum_ack: u,
  nack: z.array(range),
  received_bytes: u,
  loss: z.number(),
  queue_delay_us: z.number(),
  rate_kbps: z.number(),
  /** Datagrams the receiver's own socket dropped in the interval (its buffer was full): the receiver is overrun. */
  rx_drops: z.optional(u),
  /** The receiving socket's buffer, bytes as the kernel counts them: how much the receiver can hold while it is busy. */
  rx_buffer_bytes: z.optional(u),
  /** Bytes waiting in that buffer when the feedback was sent: the receiver's own backlog. */
  rx_queue_bytes: z.optional(u),
  /** Bytes the receiver holds for its disk (accepted, not yet written). */
  disk_queue_bytes: z.optional(u),
  /** The `id` of the latest `status` received, and how long the receiver held it before this feedback, µs. */
  status_id: z.optional(u),
  status_held_us: z.optional(u),
  /** From a receiving node: the sessions it serves now (see `accept.node_sessions`). */
  node_sessions: z.optional(u),
});
export const fileCompleteMessage = z.object({
  t: z.literal('file_complete'),
  index: u,
  checksum: z.optional(z.string()),
});
export const fileVerdictMessage = z.object({
  t: z.literal('file_verdict'),
  index: u,
  ok: z.boolean(),
  checksum: z.optional(z.string()),
});
export const fileDoneMessage = z.object({
  t: z.literal('file_done'),
  index: u,
  status: z.enum(['completed', 'failed', 'skipped']),
  error_code: z.int(),
  error_desc: z.string(),
});
/** Many `file_done`s with status `completed` in one message, to a peer that said it `accepts_files_done`. */
export const filesDoneMessage = z.object({
  t: z.literal('files_done'),
  completed: z.array(u),
});
export const rateMessage = z.object({
  t: z.literal('rate'),
  target_rate_kbps: z.optional(z.number()),
  min_rate_kbps: z.optional(z.number()),
  rate_policy: z.optional(ratePolicy),
});
export const doneMessage = z.object({ t: z.literal('done') });
export const cancelMessage = z.object({ t: z.literal('cancel'), code: z.int() });
export const pauseMessage = z.object({ t: z.literal('pause') });
export const resumeMessage = z.object({ t: z.literal('resume') });
/** The node has received the client's first UDP probe: UDP reaches it, so a missing PROBE_ACK means loss, not a block. */
export const probeSeenMessage = z.object({ t: z.literal('probe_seen') });

export const controlMessage = z.discriminatedUnion('t', [
  helloMessage,
  acceptMessage,
  errorMessage,
  offerMessage,
  planMessage,
  decisionMessage,
  readyMessage,
  statusMessage,
  feedbackMessage,
  fileCompleteMessage,
  fileVerdictMessage,
  fileDoneMessage,
  filesDoneMessage,
  rateMessage,
  doneMessage,
  cancelMessage,
  pauseMessage,
  resumeMessage,
  probeSeenMessage,
]);
export type ControlMessage = z.infer<typeof controlMessage>;
export type HelloMessage = z.infer<typeof helloMessage>;
export type AcceptMessage = z.infer<typeof acceptMessage>;
export type OfferMessage = z.infer<typeof offerMessage>;
export type PlanMessage = z.infer<typeof planMessage>;
export type FeedbackMessage = z.infer<typeof feedbackMessage>;
export type RateMessage = z.infer<typeof rateMessage>;
