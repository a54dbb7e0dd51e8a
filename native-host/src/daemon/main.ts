import { resolveRapidPaths } from '../config/paths.ts';
import { createLogger, errorFields } from '../log/logger.ts';
import { createConnectApi } from './app.ts';
import { DaemonAlreadyRunning, listenOnSocket } from './server.ts';

// Wiring only: one long-running daemon per user, serving the Connect API on the per-user socket.
const paths = resolveRapidPaths();
const log = createLogger('daemon', paths.logDir);

try {
  const server = await listenOnSocket(
    createConnectApi({ systemWide: false }),
    paths.daemonSocket,
    paths.daemonPidFile,
  );
  log.info('daemon listening', { socket: paths.daemonSocket });
  const stop = async (signal: string) => {
    log.info('daemon stopping', { signal });
    await server.close();
    await log.flush();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
} catch (error) {
  const alreadyRunning = error instanceof DaemonAlreadyRunning;
  log[alreadyRunning ? 'info' : 'error']('daemon not started', errorFields(error));
  await log.flush();
  process.exit(alreadyRunning ? 0 : 1);
}
