import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { getRequestListener } from '@hono/node-server';
import { answerRefusedMethods } from '@rapid/transfer';
import type { Hono } from 'hono';

export const CONNECT_HTTP_PORTS = { first: 33003, count: 20 };
export const LEGACY_HTTPS_PORTS = { first: 43003, count: 10 };
export const DRIVE_HTTPS_PORTS = { first: 44003, count: 10 };

/** `first+count` from the environment (tests use `0+1`: any free port), else the default range. */
export function portRange(
  text: string | undefined,
  fallback: { first: number; count: number },
): [number, number] {
  const [first, count] = (text ?? '').split('+').map(Number);
  return Number.isInteger(first) && Number.isInteger(count) && text
    ? [first as number, count as number]
    : [fallback.first, fallback.count];
}

export interface LocalServer {
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 at the first free port of `first … first+count-1` (the SDK sweeps 33003–33022; the legacy
 * HTTPS server 43003–43012, with `tls`).
 */
export async function listenLocal(
  app: Hono,
  first: number,
  count: number,
  tls?: { key: string; cert: string },
): Promise<LocalServer> {
  let lastError: unknown;
  for (let port = first; port < first + Math.max(1, count); port += 1) {
    const listener = getRequestListener(app.fetch);
    const server = tls ? createTlsServer(tls, listener) : createServer(listener);
    answerRefusedMethods(server, ['REVERT'], app.fetch);
    try {
      await listen(server, port);
      const address = server.address();
      return {
        port: typeof address === 'object' && address ? address.port : port,
        server,
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
