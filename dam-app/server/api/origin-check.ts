import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Principal } from '../access/principal.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery check for state-changing requests. A browser names the page's origin in `Origin`
 * (and `Sec-Fetch-Site`); it must be the DAM's own. A request with neither header came from no browser page, so
 * only a session's CSRF token in `X-CSRF-Token` lets it use the cookie. API keys are not ambient, so they skip it.
 */
export function passesOriginCheck(
  c: Context,
  publicOrigin: string,
  principal: Principal | undefined,
): boolean {
  if (SAFE.has(c.req.method)) return true;
  if (principal?.via === 'api_key') return true;
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin === publicOrigin || sameLoopbackServer(origin, publicOrigin);
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  if (!principal) return true;
  return (
    principal.csrfToken !== undefined && sameText(c.req.header('x-csrf-token') ?? '', principal.csrfToken)
  );
}

/** Constant-time comparison, so response timing does not reveal how much of a token was right. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A server on loopback is reached as 127.0.0.1 or localhost alike; both names are the same server. */
function sameLoopbackServer(origin: string, publicOrigin: string): boolean {
  try {
    const a = new URL(origin);
    const b = new URL(publicOrigin);
    return (
      LOOPBACK.has(a.hostname) && LOOPBACK.has(b.hostname) && a.port === b.port && a.protocol === b.protocol
    );
  } catch {
    return false;
  }
}
