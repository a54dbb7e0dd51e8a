import * as z from 'zod/v4/mini';
import { connectRequest } from './page-envelope.ts';
import './zod-config.ts';

/**
 * The browser's own MessageSender for the requesting frame, stamped by the extension's service worker and never
 * taken from page data. Loose: browsers add fields over time and the host must echo it unchanged.
 */
export const messageSender = z.looseObject({
  tab: z.optional(z.looseObject({ id: z.optional(z.int()) })),
  url: z.optional(z.string()),
  origin: z.optional(z.string()),
  frameId: z.optional(z.int()),
});
export type MessageSender = z.infer<typeof messageSender>;

/** Extension → native host: the page envelope plus type, frame and sender (connect-protocol.md §7). */
export const hostRequest = z.extend(connectRequest, {
  type: z.literal('AsperaConnectRequest'),
  frame_id: z.string(),
  sender: messageSender,
});
export type HostRequest = z.infer<typeof hostRequest>;

const replyRouting = {
  request_id: z.int(),
  frame_id: z.string(),
  sender: messageSender,
  status: z.int(),
};

/** Native host → extension: echoes routing fields and carries `body`, or `body64` pieces with `complete`. */
export const hostReply = z.union([
  z.object({ ...replyRouting, body: z.string() }),
  z.object({ ...replyRouting, body64: z.string(), complete: z.boolean() }),
]);
export type HostReply = z.infer<typeof hostReply>;

/**
 * 1 MiB host → browser cap on serialized JSON; a larger message kills the port (native-messaging.md §1).
 * Replies are split well below it so routing fields and JSON escaping never push a piece over.
 */
export const HOST_MESSAGE_LIMIT_BYTES = 1024 * 1024;
export const BODY64_PIECE_CHARS = 900 * 1024;
