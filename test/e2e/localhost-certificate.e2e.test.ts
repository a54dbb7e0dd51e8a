import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECT_API_VERSION } from '@rapid/protocol';
import type { Browser } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTIFACTS, CHROMIUM_PATH, FIREFOX_PATH } from './harness/artifacts.ts';
import { daemonPorts } from './harness/host-process.ts';
import { launchBrowser } from './harness/launch-browser.ts';

// The per-install localhost certificate, trusted by `rapid-register install` and by nothing else: each browser
// first refuses the daemon's HTTPS port, then (after the install, in a new browser process) loads it without any
// certificate flag. The name is the legacy SDK's `local.connectme.us`, resolved to 127.0.0.1 by the browser.

const DIST = ARTIFACTS.hostScript.replace('/rapid-host.mjs', '');
const LEGACY_HOST = 'local.connectme.us';
let dir = '';
let browser: Browser | undefined;
let daemon: ChildProcess | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
  daemon?.kill('SIGTERM');
  if (daemon) await new Promise((resolve) => daemon?.once('exit', resolve));
  daemon = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A user's fresh home (HOME, XDG folders, RAPID_HOME) with the daemon running on any free ports. */
async function startUser() {
  dir = await mkdtemp(join(tmpdir(), 'rapid-cert-'));
  const env = {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'share'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    RAPID_HOME: join(dir, 'rapid'),
    RAPID_HTTP_PORTS: '0+1',
    RAPID_LEGACY_PORTS: '0+1',
    RAPID_DRIVE_PORTS: '0+1',
  };
  daemon = spawn(process.execPath, [join(DIST, 'rapid-daemon.mjs')], { env, stdio: 'ignore' });
  const { https } = await daemonPorts(env.RAPID_HOME);
  return { env, url: `https://${LEGACY_HOST}:${https}/v5/connect/info/version`, port: https };
}

function rapidRegister(command: 'install' | 'uninstall', env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [join(DIST, 'rapid-register.mjs'), command], { env }, (error, _out, err) =>
      error ? reject(error) : resolve(err),
    ),
  );
}

/** Loads `url`; the page's JSON when it loads, else the browser's navigation error. */
async function load(url: string): Promise<{ json?: unknown; error?: string }> {
  const page = await (browser as Browser).newPage();
  try {
    const response = await page.goto(url);
    if (response?.status() !== 200) return { error: `status ${response?.status()}` };
    return { json: JSON.parse(await page.$eval('body', (body) => body.textContent ?? '')) };
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    await page.close();
  }
}

describe('the per-install localhost certificate', () => {
  it('is trusted by Chromium only after host registration: HTTPS and wss then work without certificate flags', async () => {
    const { env, url, port } = await startUser();
    const launch = () =>
      launchBrowser({
        executablePath: CHROMIUM_PATH,
        headless: true,
        pipe: true,
        env,
        userDataDir: join(dir, 'profile'),
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          `--host-resolver-rules=MAP ${LEGACY_HOST} 127.0.0.1`,
        ],
      });
    browser = await launch();
    expect(await load(url)).toEqual({ error: expect.stringContaining('ERR_CERT_AUTHORITY_INVALID') });
    await browser.close();

    const report = await rapidRegister('install', env);
    expect(report).toMatch(
      new RegExp(`https\\s+registered\\s+Rapid localhost for Chromium in ${dir}/.pki/nssdb`),
    );
    browser = await launch();
    expect(await load(url)).toEqual({ json: expect.objectContaining({ version: CONNECT_API_VERSION }) });

    // The certificate also names 127.0.0.1, the SDK's default push router: wss on the same port, under either
    // name, where HELLO gets WELCOME in the WAMP realm.
    expect(await load(`https://127.0.0.1:${port}/v5/connect/info/version`)).toHaveProperty('json.version');
    const page = await browser.newPage();
    await page.goto(`https://${LEGACY_HOST}:${port}/v5/connect/info/ping`);
    for (const host of ['127.0.0.1', LEGACY_HOST]) {
      const welcome = await page.evaluate(
        (address) =>
          new Promise<unknown>((resolve, reject) => {
            const socket = new WebSocket(address, 'wamp.2.json');
            socket.onopen = () =>
              socket.send(JSON.stringify([1, 'com.rapid.connect', { roles: { subscriber: {} } }]));
            socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
            socket.onerror = () => reject(new Error(`wss failed: ${address}`));
          }),
        `wss://${host}:${port}/wamp`,
      );
      expect((welcome as unknown[])[0]).toBe(2);
    }

    expect(await rapidRegister('uninstall', env)).toMatch(/https\s+removed\s+Rapid localhost for Chromium/);
  });

  it('is trusted by Firefox ESR in the user’s existing profile only after host registration', async () => {
    const { env, url } = await startUser();
    // The profile a user of this Firefox would have, made by Firefox itself (listed in its profiles.ini).
    await new Promise((resolve, reject) =>
      execFile(FIREFOX_PATH, ['--headless', '-CreateProfile', 'rapid-user'], { env }, (error) =>
        error ? reject(error) : resolve(undefined),
      ),
    );
    const root = join(env.XDG_CONFIG_HOME, 'mozilla', 'firefox');
    const ini = await readFile(join(root, 'profiles.ini'), 'utf8');
    const path = /^Path=(.+)$/m.exec(ini)?.[1] as string;
    const profile = /^IsRelative=0$/m.test(ini) ? path : join(root, path);
    expect(path).toBeTruthy();
    const launch = () =>
      launchBrowser({
        browser: 'firefox',
        executablePath: FIREFOX_PATH,
        headless: true,
        env,
        userDataDir: profile,
        extraPrefsFirefox: { 'network.dns.forceResolve': '127.0.0.1' },
      });
    browser = await launch();
    expect(await load(url)).toEqual({
      error: expect.stringMatching(/SEC_ERROR_UNKNOWN_ISSUER|MOZILLA_PKIX/),
    });
    await browser.close();

    const report = await rapidRegister('install', env);
    expect(report).toMatch(new RegExp(`https\\s+registered\\s+Rapid localhost for Firefox in ${profile}`));
    browser = await launch();
    expect(await load(url)).toEqual({ json: expect.objectContaining({ version: CONNECT_API_VERSION }) });

    expect(await rapidRegister('uninstall', env)).toMatch(/https\s+removed\s+Rapid localhost for Firefox/);
  });

  it('is trusted again by the daemon itself when it replaces an expiring or older certificate', async () => {
    const first = await startUser();
    expect(await rapidRegister('install', first.env)).toMatch(/https\s+registered/);
    daemon?.kill('SIGTERM');
    await new Promise((resolve) => daemon?.once('exit', resolve));
    // What an install from before the authority left: a certificate the daemon will not reuse.
    const tls = join(first.env.RAPID_HOME, 'tls');
    const old = await readFile(join(tls, 'localhost-ca.pem'), 'utf8');
    await rm(join(tls, 'localhost-ca.pem'));
    daemon = spawn(process.execPath, [join(DIST, 'rapid-daemon.mjs')], { env: first.env, stdio: 'ignore' });
    let fresh: string | undefined;
    for (let i = 0; i < 200 && !fresh; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      fresh = await readFile(join(tls, 'localhost-ca.pem'), 'utf8').catch(() => undefined);
    }
    expect(fresh).not.toBe(old);
    const trusted = async () =>
      new Promise<string>((resolve) =>
        execFile(
          'certutil',
          ['-L', '-d', `sql:${join(dir, '.pki', 'nssdb')}`, '-n', 'Rapid localhost', '-a'],
          (_error, out) => resolve(out.replace(/\r/g, '')),
        ),
      );
    let inStore = await trusted();
    for (let i = 0; i < 100 && inStore.trim() !== fresh?.trim(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      inStore = await trusted();
    }
    expect(inStore.trim()).toBe(fresh?.trim());
  });
});
