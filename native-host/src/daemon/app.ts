import { connectError } from '@rapid/protocol';
import { Hono } from 'hono';
import { ConnectFailure } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { addDialogRoutes } from './dialog-routes.ts';
import { addFileRoutes } from './file-routes.ts';
import { addInfoRoutes } from './info-routes.ts';
import { addSiteRoutes } from './site-routes.ts';
import { addTransferRoutes } from './transfer-routes.ts';
import { addWindowRoutes } from './window-routes.ts';

/**
 * The Connect API the daemon serves, the same over the host's IPC socket and local HTTP: the endpoint table of
 * connect-protocol.md §9. Each route answers JSON; every failure is the spec's error object with an HTTP status.
 * Paths match with or without the trailing slash the SDK sends on some calls.
 */
export function createConnectApi(context: DaemonContext): Hono {
  const app = new Hono({ strict: false });
  addInfoRoutes(app, context);
  addTransferRoutes(app, context);
  addFileRoutes(app, context);
  addDialogRoutes(app, context);
  addWindowRoutes(app, context);
  addSiteRoutes(app, context);

  app.notFound((c) =>
    c.json(
      connectError(404, 'Not found', `The Rapid client has no call ${c.req.method} ${c.req.path}.`),
      404,
    ),
  );
  app.onError((error, c) => {
    if (error instanceof ConnectFailure) return c.json(error.body, error.status as 400);
    context.log.error('request failed', { path: c.req.path, error: error.message, stack: error.stack });
    return c.json(connectError(500, error.message, 'The Rapid client could not complete the request.'), 500);
  });
  return app;
}
