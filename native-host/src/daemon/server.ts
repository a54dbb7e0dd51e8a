import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';

export interface DaemonServer {
  close(): Promise<void>;
}

export class DaemonAlreadyRunning extends Error {
  override name = 'DaemonAlreadyRunning';
}

/**
 * Serves the API on the per-user socket. Exactly one daemon per user: if another answers on the socket this one
 * yields; a socket file left by a crashed daemon is removed and taken over.
 */
export async function listenOnSocket(app: Hono, socketPath: string, pidFile: string): Promise<DaemonServer> {
  await mkdir(dirname(pidFile), { recursive: true, mode: 0o700 });
  const server = createServer(getRequestListener(app.fetch));
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await isAnswering(socketPath))
      throw new DaemonAlreadyRunning(`A Rapid daemon already serves ${socketPath}`);
    await rm(socketPath, { force: true });
    await listen(server, socketPath);
  }
  await writeFile(pidFile, `${process.pid}\n`);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await rm(pidFile, { force: true });
    },
  };
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export function isAnswering(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
