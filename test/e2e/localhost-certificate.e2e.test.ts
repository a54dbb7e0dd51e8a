import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECT_API_VERSION } from '@rapid/protocol';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTIFACTS, CHROMIUM_PATH } from './harness/artifacts.ts';
import { daemonPorts } from './harness/host-process.ts';

const DIST = ARTIFACTS.hostScript.replace('/rapid-host.mjs', '');
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

describe('the per-install localhost certificate', () => {
  it('is trusted by Chromium after host registration, so the HTTPS port answers (and wss pushes) without errors', async () => {
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
    const report = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [join(DIST, 'rapid-register.mjs'), 'install'],
        { env },
        (error, _out, err) => (error ? reject(error) : resolve(err)),
      ),
    );
    expect(report).toMatch(/https\s+registered/);
    daemon = spawn(process.execPath, [join(DIST, 'rapid-daemon.mjs')], { env, stdio: 'ignore' });
    const { https } = await daemonPorts(env.RAPID_HOME);

    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      pipe: true,
      env,
      userDataDir: join(dir, 'profile'),
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const page = await browser.newPage();
    const response = await page.goto(`https://localhost:${https}/v5/connect/info/version`);
    expect(response?.status()).toBe(200);
    expect(JSON.parse(await page.$eval('body', (body) => body.textContent ?? ''))).toMatchObject({
      version: CONNECT_API_VERSION,
    });

    // Push events over wss on the same port: HELLO gets WELCOME in the WAMP realm.
    const welcome = await page.evaluate(
      (port) =>
        new Promise<unknown>((resolve, reject) => {
          const socket = new WebSocket(`wss://localhost:${port}/wamp`, 'wamp.2.json');
          socket.onopen = () =>
            socket.send(JSON.stringify([1, 'com.rapid.connect', { roles: { subscriber: {} } }]));
          socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
          socket.onerror = () => reject(new Error('wss failed'));
        }),
      https,
    );
    expect((welcome as unknown[])[0]).toBe(2);
  });
});
