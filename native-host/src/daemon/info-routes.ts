import { connect as tcpConnect } from 'node:net';
import {
  authSpec,
  CONNECT_API_VERSION,
  portsRequest,
  updateRequireRequest,
  type VersionInfo,
} from '@rapid/protocol';
import type { Hono } from 'hono';
import { EngineError } from '../transfers/engine.ts';
import { ConnectFailure } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { originOf, readBody } from './read-body.ts';

export function addInfoRoutes(app: Hono, context: DaemonContext): void {
  app.get('/connect/info/ping', (c) => c.json({}));
  app.get('/connect/info/version', (c) => {
    const body: VersionInfo = { version: CONNECT_API_VERSION, system_wide: context.systemWide };
    return c.json(body);
  });
  // Legacy session readiness; the 43003 session server checks the session before it gets here.
  app.get('/connect/info/ready', (c) => c.json({}));

  app.post('/connect/info/authenticate', async (c) => {
    const auth = await readBody(c, authSpec);
    context.trust.checkKey(originOf(c), auth.authorization_key);
    try {
      await context.engine.authenticate(auth);
    } catch (error) {
      if (error instanceof EngineError && error.code === 19)
        throw new ConnectFailure(401, 401, 'Unauthorized', 'Authentication Failed');
      throw new ConnectFailure(
        502,
        (error as EngineError).code ?? 500,
        'Authentication check failed',
        String((error as Error).message),
      );
    }
    return c.json({});
  });

  app.post('/connect/info/ports', async (c) => {
    const request = await readBody(c, portsRequest);
    context.trust.checkKey(originOf(c), request.authorization_key);
    const port = request.ssh_port ?? 33001;
    const reachable = await canConnect(request.remote_host, port, (request.timeout_sec ?? 3) * 1000);
    if (!reachable)
      throw new ConnectFailure(
        504,
        15,
        'Connection timeout',
        `Rapid could not reach ${request.remote_host} on port ${port}.`,
      );
    return c.json({});
  });

  app.post('/connect/update/require', async (c) => {
    const request = await readBody(c, updateRequireRequest);
    context.log.info('page requires a newer client', {
      origin: originOf(c),
      min_version: request.min_version,
    });
    return c.json({});
  });
}

function canConnect(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port, timeout: timeoutMs });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}
