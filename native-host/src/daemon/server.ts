import { mkdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
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
    await takeOver(socketPath, () => listen(server, socketPath));
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

/**
 * Several hosts (one per browser tab) may start daemons at once after a crash. Only the one that creates the
 * takeover folder (mkdir is atomic) replaces the stale socket; the others wait for it to answer and yield.
 */
async function takeOver(socketPath: string, listenNow: () => Promise<void>): Promise<void> {
  const marker = `${socketPath}.takeover`;
  try {
    await mkdir(marker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age =
      Date.now() -
      (await stat(marker).then(
        (info) => info.mtimeMs,
        () => Date.now(),
      ));
    // A takeover that started long ago belongs to a daemon that died halfway: clear it for the next start.
    if (age > 10_000) await rmdir(marker).catch(() => undefined);
    for (let waited = 0; waited < 3000; waited += 50) {
      if (await isAnswering(socketPath))
        throw new DaemonAlreadyRunning(`A Rapid daemon already serves ${socketPath}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Another daemon is taking over ${socketPath} but does not answer`);
  }
  try {
    // The previous holder may have finished between our check and our mkdir: then it answers, and we yield.
    if (await isAnswering(socketPath))
      throw new DaemonAlreadyRunning(`A Rapid daemon already serves ${socketPath}`);
    await rm(socketPath, { force: true });
    await listenNow().catch((error: NodeJS.ErrnoException) => {
      // Someone bound the path in the instant it was free: that daemon serves, this one yields.
      throw error.code === 'EADDRINUSE'
        ? new DaemonAlreadyRunning(`A Rapid daemon already serves ${socketPath}`)
        : error;
    });
  } finally {
    await rmdir(marker).catch(() => undefined);
  }
}
