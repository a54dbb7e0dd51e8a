import type { Context } from 'hono';

/**
 * A visitor's answers (a share recipient's, a portal visitor's), errors included, are not indexed and send no
 * referrer (a link in a licensing text or a portal's terms must not carry the token).
 */
export const VISITOR_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

export function visitorHeaders(c: Context) {
  for (const [name, value] of Object.entries(VISITOR_HEADERS)) c.header(name, value);
}

/** Who downloads, for the owner's download list. */
export interface Requester {
  ip: string;
  userAgent: string;
  head: boolean;
}

export const requesterOf = (c: Context, ip: string): Requester => ({
  ip,
  userAgent: c.req.header('user-agent') ?? '',
  head: c.req.method === 'HEAD',
});

/** What a file request asks beyond who asks: a byte range, and the validator the range depends on. */
export const rangeOf = (c: Context) => ({
  range: c.req.header('range'),
  ifRange: c.req.header('if-range'),
});
