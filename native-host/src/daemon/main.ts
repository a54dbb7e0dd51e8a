import { homedir } from 'node:os';
import { join } from 'node:path';
import { resolveRapidPaths } from '../config/paths.ts';
import { selectDesktopUi } from '../desktop/select-ui.ts';
import { CONNECT_HTTP_PORTS, listenLocal } from '../http/listen-local.ts';
import { createLocalHttpApp } from '../http/local-http-app.ts';
import { createLogger, errorFields } from '../log/logger.ts';
import { selectEngine } from '../transfers/select-engine.ts';
import { createWindowsApp } from '../windows/windows-app.ts';
import { createConnectApi } from './app.ts';
import { createDaemon } from './create-daemon.ts';
import { DaemonAlreadyRunning, listenOnSocket } from './server.ts';

// Wiring only: one long-running daemon per user, serving the Connect API on the per-user socket and local HTTP.
const paths = resolveRapidPaths();
const log = createLogger('daemon', paths.logDir);

try {
  const daemon = await createDaemon({
    home: paths.home,
    engine: selectEngine(process.env, paths.home),
    ui: await selectDesktopUi(process.env, process.platform),
    log,
    downloadFolder: join(homedir(), 'Downloads'),
  });
  const api = createConnectApi(daemon);
  const server = await listenOnSocket(api, paths.daemonSocket, paths.daemonPidFile);
  // Only the daemon that owns the socket resumes transfers, so two racing starts never run one transfer twice.
  await daemon.manager.restore();
  const [first, count] = (
    process.env.RAPID_HTTP_PORTS ?? `${CONNECT_HTTP_PORTS.first}+${CONNECT_HTTP_PORTS.count}`
  )
    .split('+')
    .map(Number);
  // Without a free port the extension path still works, so a busy port range is logged, not fatal.
  const http = await listenLocal(
    createLocalHttpApp(api, createWindowsApp(daemon)),
    first ?? 33003,
    count ?? 20,
  ).catch((error: unknown) => {
    log.error('local HTTP not available', errorFields(error));
    return undefined;
  });
  if (http) daemon.setWindowsUrl(`http://127.0.0.1:${http.port}/ui`);
  log.info('daemon listening', { socket: paths.daemonSocket, http: http?.port, ui: daemon.ui.name });
  const stop = async (signal: string) => {
    log.info('daemon stopping', { signal });
    await Promise.all([server.close(), http?.close(), daemon.manager.close()]);
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
