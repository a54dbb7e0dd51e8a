import { CONNECT_API_VERSION, connectError, type VersionInfo } from '@rapid/protocol';
import { Hono } from 'hono';

export interface DaemonInfo {
  /** Installed for every user of the machine (system-wide) rather than for one. */
  systemWide: boolean;
}

/**
 * The Connect API the daemon serves, the same over the host's IPC socket and (later) local HTTP. Routes are the
 * endpoint table of connect-protocol.md §9; each answers JSON, errors in the public error shape.
 */
export function createConnectApi(info: DaemonInfo): Hono {
  const app = new Hono();

  app.get('/connect/info/ping', (c) => c.body(null, 204));
  app.get('/connect/info/version', (c) => {
    const body: VersionInfo = { version: CONNECT_API_VERSION, system_wide: info.systemWide };
    return c.json(body);
  });

  app.notFound((c) =>
    c.json(
      connectError(404, 'Not found', `The Rapid client has no call ${c.req.method} ${c.req.path}.`),
      404,
    ),
  );
  app.onError((error, c) =>
    c.json(connectError(500, error.message, 'The Rapid client could not complete the request.'), 500),
  );
  return app;
}
