import * as z from 'zod/v4/mini';
import './zod-config.ts';

/**
 * Largest request body the extension relays. Browsers drop content-script messages over 64 MiB with an error the page
 * never sees (native-messaging.md §1); stopping short of it lets the page get a clear error instead.
 */
export const MAX_REQUEST_BODY_CHARS = 60 * 1024 * 1024;

/** Page → extension: the `AsperaConnectRequest` event detail (connect-protocol.md §5.2). */
export const connectRequest = z.object({
  request_id: z.int(),
  min_version: z.string(),
  method: z.enum(['GET', 'POST', 'DELETE', 'REVERT']),
  uri_reference: z.string().check(z.startsWith('/')),
  body: z
    .string()
    .check(z.maxLength(MAX_REQUEST_BODY_CHARS, 'Request body exceeds the 60 MiB limit of the extension')),
  timeout: z.optional(z.int().check(z.positive())),
});
export type ConnectRequest = z.infer<typeof connectRequest>;

/** Extension → page: a whole reply. `status` is HTTP-like; 0 means the client did not answer. */
export const plainResponseDetail = z.object({
  request_id: z.int(),
  status: z.int(),
  body: z.string(),
});

/** Extension → page: one piece of a reply too large for one native message (connect-protocol.md §5.4). */
export const chunkResponseDetail = z.object({
  request_id: z.int(),
  status: z.int(),
  body64: z.string(),
  complete: z.boolean(),
});

export const responseDetail = z.union([plainResponseDetail, chunkResponseDetail]);
export type ResponseDetail = z.infer<typeof responseDetail>;

/** Extension → page answer to `AsperaConnectCheck`; the SDK looks only at `type`. */
export const checkResponse = z.object({
  type: z.literal('AsperaConnectCheckResponse'),
  detail: z.object({ extension_version: z.string() }),
});
export type CheckResponse = z.infer<typeof checkResponse>;
