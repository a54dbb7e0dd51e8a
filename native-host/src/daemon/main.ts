import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datagramIo } from '@rapid/transfer';
import { resolveRapidPaths } from '../config/paths.ts';
import { selectDesktopUi } from '../desktop/select-ui.ts';
import { createDriveApi } from '../drive/drive-app.ts';
import { DriveService } from '../drive/drive-service.ts';
import { HttpDriveServer } from '../drive/http-drive-server.ts';
import {
  CONNECT_HTTP_PORTS,
  DRIVE_HTTPS_PORTS,
  LEGACY_HTTPS_PORTS,
  listenLocal,
  portRange,
} from '../http/listen-local.ts';
import { createLocalHttpApp } from '../http/local-http-app.ts';
import { trustCertificate, userTrustFolders } from '../install/trust-certificate.ts';
import { ensureCertificate } from '../legacy/certificate.ts';
import { createLegacyApp, LEGACY_HOSTS } from '../legacy/legacy-app.ts';
import { SessionRegistry } from '../legacy/session-registry.ts';
import { createLogger, errorFields } from '../log/logger.ts';
import { WampRouter } from '../push/wamp-router.ts';
import { attachWampServer, publishTransferActivity, WAMP_REALM } from '../push/wamp-server.ts';
import { selectEngine } from '../transfers/select-engine.ts';
import { createWindowsApp } from '../windows/windows-app.ts';
import { createConnectApi } from './app.ts';
import { createDaemon } from './create-daemon.ts';
import { DaemonAlreadyRunning, listenOnSocket } from './server.ts';
import { createSocketApp } from './socket-app.ts';

// Wiring only: one long-running daemon per user, serving the Connect API on the per-user socket and local HTTP.
const paths = resolveRapidPaths();
const log = createLogger('daemon', paths.logDir);

try {
  const daemon = await createDaemon({
    home: paths.home,
    engine: selectEngine(process.env, paths.home),
    ui: await selectDesktopUi(process.env, process.platform, (fields) => log.info('dialog ended', fields)),
    log,
    downloadFolder: join(homedir(), 'Downloads'),
  });
  const api = createConnectApi(daemon);
  const sessions = new SessionRegistry();
  let restoredNow = () => {};
  const restored = new Promise<void>((resolve) => {
    restoredNow = resolve;
  });
  const server = await listenOnSocket(
    createSocketApp(api, sessions, restored),
    paths.daemonSocket,
    paths.daemonPidFile,
  );
  // Only the daemon that owns the socket resumes transfers, so two racing starts never run one transfer twice.
  await daemon.manager.restore();
  restoredNow();
  const [first, count] = portRange(process.env.RAPID_HTTP_PORTS, CONNECT_HTTP_PORTS);
  // Without a free port the extension path still works, so a busy port range is logged, not fatal.
  const windowsScript = fileURLToPath(new URL('./windows-ui/app.js', import.meta.url));
  let httpPort: number | undefined;
  const windows = createWindowsApp(daemon, { scriptFile: windowsScript, httpPort: () => httpPort });
  const http = await listenLocal(createLocalHttpApp(api, windows), first ?? 33003, count ?? 20).catch(
    (error: unknown) => {
      log.error('local HTTP not available', errorFields(error));
      return undefined;
    },
  );
  httpPort = http?.port;
  if (http) daemon.setWindowsUrl(`http://127.0.0.1:${http.port}/ui`);
  const router = new WampRouter(WAMP_REALM);
  const stopPublishing = publishTransferActivity(router, daemon.manager);
  const push = http && attachWampServer(http.server, router);
  const tls = await ensureCertificate(paths.home).catch((error: unknown) => {
    log.warn('no localhost certificate: legacy HTTPS and Drive are off', errorFields(error));
    return undefined;
  });
  // A renewed certificate is new to the browsers: trust it where the install trusted the one it replaces.
  if (tls?.replaced && process.platform === 'linux')
    trustCertificate(tls, userTrustFolders()).then(
      (results) => log.info('trusted the renewed localhost certificate', { results }),
      (error: unknown) => log.warn('could not trust the renewed localhost certificate', errorFields(error)),
    );
  const [legacyFirst, legacyCount] = portRange(process.env.RAPID_LEGACY_PORTS, LEGACY_HTTPS_PORTS);
  const legacy =
    tls &&
    (await listenLocal(createLegacyApp(api, sessions), legacyFirst, legacyCount, tls).catch(
      (error: unknown) => {
        log.warn('legacy HTTPS not available', errorFields(error));
        return undefined;
      },
    ));
  // wss for pages that want a secure socket (isWebsocketSecure), on the HTTPS port.
  const securePush = legacy && attachWampServer(legacy.server, router, LEGACY_HOSTS);
  const drive = new DriveService(daemon.settings, new HttpDriveServer(), join(paths.home, 'drive.json'));
  const [driveFirst, driveCount] = portRange(process.env.RAPID_DRIVE_PORTS, DRIVE_HTTPS_PORTS);
  const driveServer =
    tls &&
    (await listenLocal(
      createLegacyApp(createDriveApi(drive, daemon.trust, api), sessions),
      driveFirst,
      driveCount,
      tls,
    ).catch((error: unknown) => {
      log.warn('Drive API not available', errorFields(error));
      return undefined;
    }));
  log.info('daemon listening', {
    socket: paths.daemonSocket,
    http: http?.port,
    https: legacy?.port,
    drive: driveServer?.port,
    ui: daemon.ui.name,
    // The transfer engine's datagram path: its addon beside this program (the Linux archive ships one) or JavaScript.
    datagram_io: datagramIo(),
  });
  // A parent that started the daemon over IPC (`npm start`) learns when it serves; the host polls the socket instead.
  if (process.send) {
    process.send({ ready: true, http: http?.port });
    process.disconnect?.();
  }
  const stop = async (signal: string) => {
    log.info('daemon stopping', { signal });
    stopPublishing();
    await Promise.all([
      server.close(),
      push?.close(),
      securePush?.close(),
      http?.close(),
      legacy?.close(),
      driveServer?.close(),
      daemon.manager.close(),
    ]);
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
