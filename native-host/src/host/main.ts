import { fileURLToPath } from 'node:url';
import { resolveRapidPaths } from '../config/paths.ts';
import { createDaemonLink } from '../daemon/link.ts';
import { createLogger, errorFields } from '../log/logger.ts';
import { relayMessage } from './relay.ts';
import { startDaemonProcess } from './start-daemon.ts';
import { openStdioChannel } from './stdio-channel.ts';

// Wiring only. The browser starts this process per port; argv[2] is the calling extension's origin.
const paths = resolveRapidPaths();
const log = createLogger('host', paths.logDir);
const daemonScript = fileURLToPath(new URL('./rapid-daemon.mjs', import.meta.url));
const link = createDaemonLink({
  socketPath: paths.daemonSocket,
  startDaemon: () => startDaemonProcess(daemonScript),
});
log.info('host started', { caller: process.argv[2] });

const channel = openStdioChannel({
  input: process.stdin,
  output: process.stdout,
  onMessage(text) {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      // Browsers always send JSON; anything else means this is not a browser talking, so stop.
      log.error('message is not JSON; exiting', errorFields(error));
      void exit(1);
      return;
    }
    void relayMessage(message, link, (reply) => channel.send(reply), log);
  },
  onCorrupt(error) {
    log.error('corrupt input stream; exiting', errorFields(error));
    void exit(1);
  },
  onEnd(cutShort) {
    log.info('browser closed the port', { cutShort });
    void exit(cutShort ? 1 : 0);
  },
});

async function exit(code: number) {
  await log.flush();
  process.exit(code);
}
