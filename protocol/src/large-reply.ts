import * as z from 'zod/v4/mini';
import './zod-config.ts';

/**
 * Large replies over loopback (sdk/LARGE-REPLIES.md): the page asks through the extension for a one-time ticket to
 * one read, then fetches the reply from the local HTTP API. Rapid's own call: the IBM SDK never sends it.
 */
export const LARGE_REPLY_PATH = '/connect/file/large-reply';

/** The reads whose replies may be large, by the last segment of their Connect path. */
export const LARGE_REPLY_ROUTES = ['read-as-array-buffer', 'read-chunk-as-array-buffer', 'checksum'] as const;
export type LargeReplyRoute = (typeof LARGE_REPLY_ROUTES)[number];

/** `POST /connect/file/large-reply`: the read's own body plus which read it is. */
export const largeReplyRequest = z.looseObject({ route: z.enum(LARGE_REPLY_ROUTES) });

/** The ticket: where to fetch the reply once (an absolute loopback URL), and for how long it holds. */
export const largeReplyTicket = z.object({ url: z.string(), expires_in_ms: z.number() });
export type LargeReplyTicket = z.infer<typeof largeReplyTicket>;
