import { connectError } from '@rapid/protocol';
import { Hono } from 'hono';
import { decryptSessionText, encryptSessionText } from './aes-ofb.ts';
import type { SessionRegistry } from './session-registry.ts';

/** The names the legacy SDK and our certificate use for the local client. */
export const LEGACY_HOSTS = ['127.0.0.1', 'localhost', 'local.connectme.us'];
const SESSION_HEADER = 'x-aspera-session-id';
const ENCRYPTED = 'application/x-aspera-encrypted';

/**
 * The 3.8/3.9 SDK's protocol on HTTPS 43003 (connect-protocol.md §8.2): `/v5` ping and version without a
 * session; everything else under `/v6` with `x-aspera-session-id`, AES-OFB bodies both ways, and
 * `/v6/connect/info/ready` answering 200 once the launch URI has handed the session over.
 */
export function createLegacyApp(api: Hono, sessions: SessionRegistry): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const host = (c.req.header('host') ?? '').replace(/:\d+$/, '');
    if (!LEGACY_HOSTS.includes(host)) return c.json(connectError(403, 'Forbidden', 'Wrong host.'), 403);
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', 'Content-Type');
      c.header('Vary', 'Origin');
    }
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET, POST, DELETE, REVERT, OPTIONS');
      c.header(
        'Access-Control-Allow-Headers',
        c.req.header('access-control-request-headers') ?? SESSION_HEADER,
      );
      if (c.req.header('access-control-request-private-network') === 'true')
        c.header('Access-Control-Allow-Private-Network', 'true');
      return c.body(null, 204);
    }
    await next();
  });

  const forward = async (method: string, path: string, origin: string | undefined, body?: string) => {
    const headers = new Headers({ 'content-type': 'application/json' });
    if (origin && origin !== 'null') headers.set('x-rapid-origin', origin);
    return api.fetch(new Request(`http://rapid${path}`, { method, headers, body }));
  };

  for (const path of ['/v5/connect/info/ping', '/v5/connect/info/version'])
    app.get(path, async (c) => {
      const answer = await forward('GET', path.slice(3), c.req.header('origin'));
      return c.body(await answer.text(), answer.status as 200, { 'content-type': 'application/json' });
    });

  app.all('/v6/*', async (c) => {
    const key = sessions.keyOf(c.req.header(SESSION_HEADER));
    if (!key)
      return c.json(
        connectError(401, 'Unauthorized', 'Unknown session: launch Rapid from this page again.'),
        401,
      );
    const path = c.req.path.slice(3);
    const body = c.req.method === 'GET' ? undefined : decryptSessionText(await c.req.text(), key);
    const answer = await forward(c.req.method, path, c.req.header('origin'), body);
    const text = await answer.text();
    if (answer.status !== 200)
      return c.body(text, answer.status as 400, { 'content-type': 'application/json' });
    return c.body(encryptSessionText(text, key), 200, { 'content-type': ENCRYPTED });
  });
  return app;
}
