import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHostLauncher, writeHostManifest } from '@rapid/native-host/install';
import puppeteer, { type Browser } from 'puppeteer-core';
import { ARTIFACTS, CHROMIUM_PATH } from './artifacts.ts';

export interface RapidBrowser {
  browser: Browser;
  /** This run's RAPID_HOME: the daemon's socket, pid file and logs live here. */
  rapidHome: string;
  /** The daemon's pid, once a host has started it. */
  daemonPid(): Promise<number | undefined>;
  close(): Promise<void>;
}

/**
 * Chromium with the unpacked extension and a fresh profile whose NativeMessagingHosts/ points at the built host
 * (native-messaging.md §8.5). Each run has its own RAPID_HOME, so its daemon is its own.
 */
export async function launchRapidBrowser({
  registerHost = true,
  hostEnv = {},
}: {
  registerHost?: boolean;
  /** More environment for the host (and the daemon it starts), e.g. the scripted desktop of a test. */
  hostEnv?: Record<string, string>;
} = {}): Promise<RapidBrowser> {
  const dir = await mkdtemp(join(tmpdir(), 'rapid-e2e-'));
  const rapidHome = join(dir, 'home');
  const userDataDir = join(dir, 'profile');
  if (registerHost) {
    const launcher = await writeHostLauncher({
      binDir: join(dir, 'bin'),
      hostScript: ARTIFACTS.hostScript,
      nodePath: process.execPath,
      env: { ...hostEnv, RAPID_HOME: rapidHome },
    });
    await writeHostManifest(join(userDataDir, 'NativeMessagingHosts'), 'chromium', launcher);
  }
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    pipe: true,
    enableExtensions: [ARTIFACTS.extensionDir],
    userDataDir,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  const daemonPid = async () => {
    const text = await readFile(join(rapidHome, 'daemon.pid'), 'utf8').catch(() => undefined);
    return text ? Number(text.trim()) : undefined;
  };
  return {
    browser,
    rapidHome,
    daemonPid,
    async close() {
      await browser.close();
      const pid = await daemonPid();
      if (pid) await stopProcess(pid);
      await rm(dir, { recursive: true, force: true });
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
