import { checkoutIdsRequest, checkoutRequest, connectError } from '@rapid/protocol';
import { type Context, Hono } from 'hono';
import { ConnectFailure } from '../daemon/connect-failure.ts';
import { originOf, readBody } from '../daemon/read-body.ts';
import type { TrustGate } from '../trust/trust-gate.ts';
import type { DriveService } from './drive-service.ts';

/**
 * The Drive API (connect-bridge.md §7): accounts, and checkouts created with POST, checked in with DELETE and
 * reverted with REVERT (also accepted as a POST carrying `X-HTTP-Method-Override: REVERT`, or as
 * `POST /checkouts/revert`, for clients that cannot send it). Every Drive call needs the site's consent.
 * `/connect/info/*` (ping, version, ready) is the Connect API's, so the SDK finds the Drive port as it finds Connect's.
 */
export function createDriveApi(drive: DriveService, trust: TrustGate, connectApi: Hono): Hono {
  const app = new Hono({ strict: false });
  app.all('/connect/info/*', (c) => connectApi.fetch(c.req.raw));
  app.use('*', async (c, next) => {
    await trust.require(originOf(c));
    await next();
  });

  app.get('/account', (c) => c.json({ accounts: drive.publicAccounts() }));
  app.get('/account/:id', (c) => c.json({ account: drive.publicAccount(c.req.param('id')) }));
  app.get('/checkouts', async (c) => c.json({ checkouts: await drive.list() }));

  const revert = async (c: Context) => {
    const request = await readBody(c, checkoutIdsRequest);
    return c.json({ checkouts: await drive.revert(request.checkout_ids) });
  };
  app.post('/checkouts/revert', revert);
  app.on('REVERT', '/checkouts', revert);
  app.post('/checkouts', async (c) => {
    if (c.req.header('x-http-method-override')?.toUpperCase() === 'REVERT') return revert(c);
    const request = await readBody(c, checkoutRequest);
    return c.json({ checkouts: await drive.checkOut(request.id_path) });
  });
  app.delete('/checkouts', async (c) => {
    const request = await readBody(c, checkoutIdsRequest);
    return c.json({ checkouts: await drive.checkIn(request.checkout_ids) });
  });

  app.notFound((c) =>
    c.json(connectError(404, 'Not found', `Drive has no call ${c.req.method} ${c.req.path}.`), 404),
  );
  app.onError((error, c) =>
    error instanceof ConnectFailure
      ? c.json(error.body, error.status as 400)
      : c.json(connectError(500, error.message, 'Drive could not complete the request.'), 500),
  );
  return app;
}
