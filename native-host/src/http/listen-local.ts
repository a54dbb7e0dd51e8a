import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';

export const CONNECT_HTTP_PORTS = { first: 33003, count: 20 };

export interface LocalServer {
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 at the first free port of `first … first+count-1` (the SDK sweeps 33003–33022). */
export async function listenLocal(app: Hono, first: number, count: number): Promise<LocalServer> {
  let lastError: unknown;
  for (let port = first; port < first + Math.max(1, count); port += 1) {
    const server = createServer(getRequestListener(app.fetch));
    try {
      await listen(server, port);
      const address = server.address();
      return {
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    } catch (error) {
      lastError = error;
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`No free port in ${first}–${first + count - 1}: ${(lastError as Error)?.message}`);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
