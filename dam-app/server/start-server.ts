import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createDamApp, type DamAppOptions } from './app.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on loopback only: the demo serves one person's browser, never the network. Port 0 picks a free one. */
export function startDamServer(
  options: DamAppOptions & { port: number; hostname?: string },
): Promise<RunningServer> {
  const app = createDamApp(options);
  const hostname = options.hostname ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname }, (info: AddressInfo) => {
      resolve({
        url: `http://${hostname}:${info.port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
