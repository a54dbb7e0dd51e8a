import { connectError, legacySession } from '@rapid/protocol';
import { Hono } from 'hono';
import type { SessionRegistry } from '../legacy/session-registry.ts';
import { ConnectFailure } from './connect-failure.ts';
import { readBody } from './read-body.ts';

/**
 * What the per-user socket serves: the Connect API plus internal calls of Rapid's own programs (the launcher's
 * session handover). Never mounted on a TCP port, so no web page can reach the internal calls.
 */
export function createSocketApp(api: Hono, sessions: SessionRegistry, ready?: Promise<unknown>): Hono {
  const app = new Hono();
  // The daemon takes the socket before it restores its transfers (only the owner may resume them): a call that comes
  // in between waits, instead of hearing that a transfer it started does not exist.
  if (ready)
    app.use('*', async (_c, next) => {
      await ready;
      await next();
    });
  app.post('/internal/session', async (c) => {
    const session = await readBody(c, legacySession);
    sessions.add(session.id, session.key);
    return c.json({});
  });
  app.all('*', (c) => api.fetch(c.req.raw));
  app.onError((error, c) =>
    error instanceof ConnectFailure
      ? c.json(error.body, error.status as 400)
      : c.json(connectError(500, error.message, 'The Rapid client could not complete the request.'), 500),
  );
  return app;
}
