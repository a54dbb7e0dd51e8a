import { connectError } from '@rapid/protocol';
import { Hono } from 'hono';
import { createLegacyApp } from '../legacy/legacy-app.ts';
import type { SessionRegistry } from '../legacy/session-registry.ts';

const ALLOWED_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The Connect API for pages that use the HTTP bridge (connect-protocol.md §8.1): `/v5` and `/v6` prefixes, CORS
 * for the page's own origin, the private-network preflight answer Chromium asks for, and a Host check so a
 * rebound DNS name cannot reach the API. The page's Origin header becomes the origin the API trusts; a header of
 * the same name from the request itself is never passed on.
 */
export function createLocalHttpApp(api: Hono, extra?: Hono, sessions?: SessionRegistry): Hono {
  const app = new Hono();
  // Old pages may speak the legacy session protocol to this port too: `/v6` with a session header is theirs.
  const legacy = sessions && createLegacyApp(api, sessions);

  app.use('*', async (c, next) => {
    const host = (c.req.header('host') ?? '').replace(/:\d+$/, '');
    if (!ALLOWED_HOSTS.includes(host))
      return c.json(connectError(403, 'Forbidden', 'Rapid only answers requests to 127.0.0.1.'), 403);
    const origin = c.req.header('origin');
    // CORS only for the API: the windows UI under /ui must never be readable by another site.
    const api = c.req.path.startsWith('/v5/') || c.req.path.startsWith('/v6/');
    if (!api) return next();
    if (origin && origin !== 'null') {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
    }
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET, POST, DELETE, REVERT, OPTIONS');
      c.header(
        'Access-Control-Allow-Headers',
        c.req.header('access-control-request-headers') ?? 'content-type',
      );
      c.header('Access-Control-Max-Age', '600');
      if (c.req.header('access-control-request-private-network') === 'true')
        c.header('Access-Control-Allow-Private-Network', 'true');
      return c.body(null, 204);
    }
    await next();
  });

  const relay = (prefix: string) =>
    app.all(`${prefix}/*`, async (c) => {
      if (legacy && prefix === '/v6' && c.req.header('x-aspera-session-id')) return legacy.fetch(c.req.raw);
      const url = new URL(c.req.url);
      const headers = new Headers();
      headers.set('content-type', 'application/json');
      const override = c.req.header('x-http-method-override');
      if (override) headers.set('x-http-method-override', override);
      const origin = c.req.header('origin');
      if (origin && origin !== 'null') headers.set('x-rapid-origin', origin);
      const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.text();
      const inner = new Request(`http://rapid${url.pathname.slice(prefix.length)}${url.search}`, {
        method: c.req.method,
        headers,
        body,
      });
      const answer = await api.fetch(inner);
      return c.body(await answer.arrayBuffer(), answer.status as 200, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
    });
  relay('/v5');
  relay('/v6');
  if (extra) app.route('/', extra);
  app.notFound((c) =>
    c.json(
      connectError(404, 'Not found', `The Rapid client has no call ${c.req.method} ${c.req.path}.`),
      404,
    ),
  );
  return app;
}
