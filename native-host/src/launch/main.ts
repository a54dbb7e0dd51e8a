import { fileURLToPath } from 'node:url';
import { resolveRapidPaths } from '../config/paths.ts';
import { createDaemonLink } from '../daemon/link.ts';
import { startDaemonProcess } from '../host/start-daemon.ts';
import { createLogger, errorFields } from '../log/logger.ts';
import { parseLaunchUri } from './launch-uri.ts';

// Wiring only: the `fasp://initialize` handler. Starts the daemon when it is not running and hands over a legacy
// session (key and id) when the page sent one.
const paths = resolveRapidPaths();
const log = createLogger('launch', paths.logDir);
const daemonScript = fileURLToPath(new URL('./rapid-daemon.mjs', import.meta.url));
const link = createDaemonLink({
  socketPath: paths.daemonSocket,
  startDaemon: () => startDaemonProcess(daemonScript),
});

try {
  const launch = parseLaunchUri(process.argv[2] ?? 'fasp://initialize');
  await link.call({ method: 'GET', path: '/connect/info/ping', body: '', timeoutMs: 10_000 });
  if (launch.session)
    await link.call({
      method: 'POST',
      path: '/internal/session',
      body: JSON.stringify(launch.session),
      timeoutMs: 10_000,
    });
  log.info('launched', { session: Boolean(launch.session), checkExtensions: launch.checkExtensions });
  await log.flush();
} catch (error) {
  log.error('launch failed', errorFields(error));
  await log.flush();
  process.exit(1);
}
