import { execFile } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveRapidPaths } from '../config/paths.ts';
import { ensureCertificate } from '../legacy/certificate.ts';
import { writeHostLauncher } from './host-launcher.ts';
import { registerHost, unregisterHost } from './register.ts';
import { trustCertificate, untrustCertificate, userTrustFolders } from './trust-certificate.ts';
import { registerUriHandler, unregisterUriHandler } from './uri-handler.ts';

// `rapid-register install | uninstall`: registers this build's host for the user's installed browsers.
// The report goes to stderr like every other line in this package: stdout belongs to native messaging.
const command = process.argv[2];
const paths = resolveRapidPaths();
const hostScript = fileURLToPath(new URL('./rapid-host.mjs', import.meta.url));
const binDir = join(paths.home, 'bin');
const windowsManifestDir = join(paths.home, 'native-messaging');
const env: Record<string, string> = process.env.RAPID_HOME ? { RAPID_HOME: process.env.RAPID_HOME } : {};

if (command === 'install') {
  const hostExecutable = await writeHostLauncher({ binDir, hostScript, nodePath: process.execPath, env });
  const results = await registerHost({
    home: homedir(),
    platform: process.platform,
    hostExecutable,
    windowsManifestDir,
  });
  report(results);
  if (process.platform === 'linux') {
    const launcher = fileURLToPath(new URL('./rapid-launch.mjs', import.meta.url));
    const settings = Object.entries(env).map(([key, value]) => `${key}=${value}`);
    const envPrefix = settings.length > 0 ? ['/usr/bin/env', ...settings] : [];
    const { file, defaultSet } = await registerUriHandler({
      dataHome: dataHome(),
      command: [...envPrefix, process.execPath, launcher],
      setDefault: (desktopFile) =>
        new Promise((resolve) =>
          execFile('xdg-mime', ['default', desktopFile, 'x-scheme-handler/fasp'], (error) => resolve(!error)),
        ),
    });
    report([{ browser: 'fasp://', outcome: defaultSet ? 'registered' : 'written', where: file }]);
    const certificate = await ensureCertificate(paths.home).catch(() => undefined);
    report(
      certificate
        ? await trustCertificate(certificate, userTrustFolders())
        : [
            {
              browser: 'https',
              outcome: 'skipped',
              where: 'openssl is not installed: no localhost certificate',
            },
          ],
    );
  }
} else if (command === 'uninstall') {
  const results = await unregisterHost({
    home: homedir(),
    platform: process.platform,
    hostExecutable: '',
    windowsManifestDir,
  });
  report(results);
  if (process.platform === 'linux') {
    report([{ browser: 'fasp://', outcome: 'removed', where: await unregisterUriHandler(dataHome()) }]);
    report(await untrustCertificate(userTrustFolders()));
  }
} else {
  process.stderr.write('usage: rapid-register install | uninstall\n');
  process.exit(2);
}

function report(results: { browser: string; outcome: string; where: string }[]) {
  for (const { browser, outcome, where } of results) {
    process.stderr.write(`${browser.padEnd(9)} ${outcome.padEnd(10)} ${where}\n`);
  }
}

function dataHome(): string {
  return process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share');
}
