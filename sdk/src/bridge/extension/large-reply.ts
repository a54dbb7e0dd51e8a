import type { BridgeRequest, BridgeResponse } from '../bridge.ts';

/** Rapid's ticket call (protocol `LARGE_REPLY_PATH`); kept as text so the script tag carries no schema library. */
export const LARGE_REPLY_PATH = '/connect/file/large-reply';

const LARGE_READS = /^\/connect\/file\/(read-as-array-buffer|read-chunk-as-array-buffer|checksum)\/?$/;
/** Only the local client's own loopback server: a ticket never sends the page anywhere else. */
const LOOPBACK_URL =
  /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+\/v6\/connect\/file\/large-reply\/[\w-]+$/;

/** Which large read a request is, if it is one whose reply may exceed what native messaging carries well. */
export function largeReadRoute(request: BridgeRequest): string | undefined {
  return request.method === 'POST' ? LARGE_READS.exec(request.path)?.[1] : undefined;
}

/**
 * A large read over loopback (sdk/LARGE-REPLIES.md): a one-time ticket through the extension, where the browser
 * vouches for the page's origin and the client makes every check the read itself makes, then the reply fetched
 * from the client's local HTTP API, without native messaging's 1 MiB pieces. Falls back to the read through the
 * extension when the client has no ticket for it (an older client, no local HTTP port) or the fetch fails (the
 * page's CSP, a proxy); a refusal (consent, a file the page was not given) is the answer as it stands.
 */
export async function sendLargeRead(
  request: BridgeRequest,
  route: string,
  viaExtension: (request: BridgeRequest) => Promise<BridgeResponse>,
  signal: AbortSignal,
): Promise<BridgeResponse> {
  const body = withRoute(request.body, route);
  if (body === undefined || typeof fetch !== 'function') return viaExtension(request);
  const ticket = await viaExtension({ method: 'POST', path: LARGE_REPLY_PATH, body });
  if (ticket.status !== 200)
    return ticket.status === 404 || ticket.status === 503 ? viaExtension(request) : ticket;
  const url = ticketUrl(ticket.body);
  if (url === undefined) return viaExtension(request);
  try {
    const response = await fetch(url, { credentials: 'omit', cache: 'no-store', signal });
    return { status: response.status, body: await response.text() };
  } catch {
    if (signal.aborted) return { status: 0, body: '' };
    return viaExtension(request);
  }
}

function withRoute(text: string, route: string): string | undefined {
  try {
    const body: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    return JSON.stringify({ ...body, route });
  } catch {
    return undefined;
  }
}

function ticketUrl(text: string): string | undefined {
  try {
    const url = (JSON.parse(text) as { url?: unknown }).url;
    return typeof url === 'string' && LOOPBACK_URL.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}
