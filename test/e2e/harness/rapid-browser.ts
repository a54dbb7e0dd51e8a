import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHostLauncher, writeHostManifest } from '@rapid/native-host/install';
import type { Browser } from 'puppeteer-core';
import { ARTIFACTS, CHROMIUM_PATH, FIREFOX_PATH } from './artifacts.ts';
import { describeOnFailure } from './failure-evidence.ts';
import { launchBrowser } from './launch-browser.ts';

export interface RapidBrowser {
  browser: Browser;
  /** This run's RAPID_HOME: the daemon's socket, pid file and logs live here. */
  rapidHome: string;
  /** The daemon's pid, once a host has started it. */
  daemonPid(): Promise<number | undefined>;
  /** Loads the unpacked extension into the running browser, as a user installing it would; returns its id. */
  installExtension(): Promise<string>;
  /** Native-host processes the browser started for this run (found by their RAPID_HOME). */
  hostPids(): Promise<number[]>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Write a host manifest for this run (false: the browser finds no host, as on a machine without Rapid). */
  registerHost?: boolean;
  /** Load the extension at launch (false: call `installExtension()` later, as a user would). */
  extensionAtLaunch?: boolean;
  /** Chromium (default) or Debian's Firefox ESR, driven over WebDriver BiDi. */
  family?: 'chromium' | 'firefox';
  /** More environment for the host (and the daemon it starts), e.g. the scripted desktop of a test. */
  hostEnv?: Record<string, string>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A browser with the unpacked extension whose native-messaging manifest points at the built host: in the fresh
 * Chromium profile's NativeMessagingHosts/ (native-messaging.md §8.5), or for Firefox in a fresh HOME's
 * ~/.mozilla/native-messaging-hosts/. Each run has its own RAPID_HOME, so its daemon is its own.
 */
export async function launchRapidBrowser({
  registerHost = true,
  extensionAtLaunch = true,
  family = 'chromium',
  hostEnv = {},
}: LaunchOptions = {}): Promise<RapidBrowser> {
  const dir = await mkdtemp(join(tmpdir(), 'rapid-e2e-'));
  const rapidHome = join(dir, 'home');
  const userDataDir = join(dir, 'profile');
  const userHome = join(dir, 'user');
  const extensionDir = family === 'firefox' ? ARTIFACTS.firefoxExtensionDir : ARTIFACTS.extensionDir;
  if (registerHost) {
    const launcher = await writeHostLauncher({
      binDir: join(dir, 'bin'),
      hostScript: ARTIFACTS.hostScript,
      nodePath: process.execPath,
      env: { ...hostEnv, RAPID_HOME: rapidHome },
    });
    const manifestDir =
      family === 'firefox'
        ? join(userHome, '.mozilla', 'native-messaging-hosts')
        : join(userDataDir, 'NativeMessagingHosts');
    await writeHostManifest(manifestDir, family, launcher);
  }
  const browser =
    family === 'firefox'
      ? await launchBrowser({
          browser: 'firefox',
          executablePath: FIREFOX_PATH,
          headless: true,
          env: { ...process.env, HOME: userHome },
        })
      : await launchBrowser({
          executablePath: CHROMIUM_PATH,
          headless: true,
          pipe: true,
          enableExtensions: extensionAtLaunch ? [extensionDir] : true,
          userDataDir,
          args: CHROMIUM_ARGS,
        });
  const forgetEvidence = describeOnFailure(`Rapid's logs and settings in ${rapidHome}`, () =>
    rapidHomeEvidence(rapidHome),
  );
  const installExtension = () => browser.installExtension(extensionDir);
  if (family === 'firefox' && extensionAtLaunch) await installExtension();

  const daemonPid = async () => {
    const text = await readFile(join(rapidHome, 'daemon.pid'), 'utf8').catch(() => undefined);
    return text ? Number(text.trim()) : undefined;
  };
  return {
    browser,
    rapidHome,
    daemonPid,
    installExtension,
    hostPids: () => processesWith(`RAPID_HOME=${rapidHome}`, 'rapid-host.mjs'),
    async close() {
      forgetEvidence();
      await browser.close();
      // Every process of this run (daemon, hosts) carries its RAPID_HOME: stop them all, including a daemon that
      // was still starting and had not written its pid file yet.
      const pids = await processesWith(`RAPID_HOME=${rapidHome}`, 'rapid-');
      await Promise.all(pids.map(stopProcess));
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

async function stopProcess(pid: number) {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Linux: processes whose environment has `envEntry` and whose command line mentions `command`. */
async function processesWith(envEntry: string, command: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [environ, cmdline] = await Promise.all([
      readFile(`/proc/${entry}/environ`, 'utf8').catch(() => ''),
      readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
    ]);
    if (environ.split('\0').includes(envEntry) && cmdline.includes(command)) pids.push(Number(entry));
  }
  return pids;
}

const LOG_LINES = 30;

/** The last lines of each log (daemon, host) and the settings, which hold the sites the user allowed. */
async function rapidHomeEvidence(rapidHome: string): Promise<string> {
  const logDir = join(rapidHome, 'logs');
  const logs = await readdir(logDir).catch(() => []);
  const parts = await Promise.all(
    logs.map(async (name) => {
      const lines = (await readFile(join(logDir, name), 'utf8')).trimEnd().split('\n');
      return `${name} (last ${Math.min(LOG_LINES, lines.length)} of ${lines.length} lines):\n${lines.slice(-LOG_LINES).join('\n')}`;
    }),
  );
  const settings = await readFile(join(rapidHome, 'settings.json'), 'utf8').catch(() => '(none yet)');
  return [`settings.json: ${settings}`, ...parts].join('\n\n');
}
