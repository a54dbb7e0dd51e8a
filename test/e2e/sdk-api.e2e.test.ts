import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDamServer } from '@rapid/dam-app/server';
import { CONNECT_API_VERSION } from '@rapid/protocol';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';

// The page SDK's public API in real Chromium, through the real extension, native host and daemon. Each test makes
// its own `AW4.Connect` on the demo page, beside the demo's own instance, so replies must reach the right one.

let server: Awaited<ReturnType<typeof startDamServer>>;
let rapid: RapidBrowser | undefined;

beforeAll(async () => {
  await assertBuilt();
  server = await startDamServer({ port: 0, publicDir: ARTIFACTS.demoPublicDir, sdkDir: ARTIFACTS.sdkDir });
});
afterAll(() => server.close());
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
});

interface PageSession {
  statuses: string[];
  results: Record<string, unknown>;
  /** performance.now() at initSession and at each status. */
  startedAt: number;
  at: number[];
}

/** Opens the demo page and starts a second Connect session on it, recording its statuses. */
async function openSession(browser: RapidBrowser['browser']): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.evaluate(() => {
    type Connect = {
      addEventListener(type: string, listener: (type: string, status: string) => void): unknown;
      initSession(): unknown;
    };
    const w = window as unknown as {
      AW4: { Connect: new (options: object) => Connect };
      session: PageSession;
      connect: Connect;
    };
    w.session = { statuses: [], results: {}, startedAt: 0, at: [] };
    w.connect = new w.AW4.Connect({ minVersion: '3.9.0', connectMethod: 'extension' });
    w.connect.addEventListener('status', (_type, status) => {
      w.session.statuses.push(status);
      w.session.at.push(performance.now());
    });
    w.session.startedAt = performance.now();
    w.connect.initSession();
  });
  await page.waitForFunction(
    () => (window as unknown as { session: PageSession }).session.statuses.includes('RUNNING'),
    { timeout: 15_000 },
  );
  return page;
}

/** Calls `connect[method]()` in the page with callbacks and returns what reached them. */
function callInPage(page: Page, method: string): Promise<{ success?: unknown; error?: unknown }> {
  return page.evaluate(
    (name) =>
      new Promise<{ success?: unknown; error?: unknown }>((resolve) => {
        const connect = (window as unknown as { connect: Record<string, (callbacks: object) => unknown> })
          .connect;
        connect[name]?.({
          success: (value: unknown) => resolve({ success: value }),
          error: (error: unknown) => resolve({ error }),
        });
      }),
    method,
  );
}

describe('page SDK through the extension, host and daemon', () => {
  it('goes INITIALIZING → RUNNING and reads the version with callbacks and as a promise', async () => {
    rapid = await launchRapidBrowser();
    const page = await openSession(rapid.browser);
    const session = await page.evaluate(() => (window as unknown as { session: PageSession }).session);
    expect(session.statuses).toEqual(['INITIALIZING', 'RUNNING']);
    // A measurement, not a pass/fail timing: the reference expects about 100 ms with a prompt extension.
    const cold = (session.at[1] ?? 0) - session.startedAt;
    const warm = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          type Connect = {
            addEventListener(t: string, l: (t: string, s: string) => void): void;
            initSession(): void;
          };
          const AW4 = (window as unknown as { AW4: { Connect: new (o: object) => Connect } }).AW4;
          const connect = new AW4.Connect({ minVersion: '3.9.0', connectMethod: 'extension' });
          const started = performance.now();
          connect.addEventListener('status', (_type, status) => {
            if (status === 'RUNNING') resolve(performance.now() - started);
          });
          connect.initSession();
        }),
    );
    console.log(
      `initSession → RUNNING: ${cold.toFixed(0)} ms with the daemon starting, ${warm.toFixed(0)} ms warm`,
    );

    const viaCallbacks = await callInPage(page, 'version');
    expect(viaCallbacks).toEqual({
      success: { version: CONNECT_API_VERSION, system_wide: expect.any(Boolean) },
    });
    const viaPromise = await page.evaluate(() =>
      (window as unknown as { connect: { version(): Promise<{ version: string }> } }).connect.version(),
    );
    expect(viaPromise.version).toBe(CONNECT_API_VERSION);
  });

  it('hands results to the success callback and the client error object to the error callback', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rapid-sdk-api-'));
    try {
      // The visitor's answer to "Allow this site to use Rapid?" is scripted: no.
      const script = join(dir, 'ui.json');
      await writeFile(script, JSON.stringify({ consent: { '*': false } }));
      rapid = await launchRapidBrowser({ hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script } });
      const page = await openSession(rapid.browser);
      // A POST with a body: a fresh client has no transfers for this page.
      expect(await callInPage(page, 'getAllTransfers')).toMatchObject({ success: { transfers: [] } });
      // A dialog needs consent, which was refused: the client's error object reaches the page unchanged.
      expect(await callInPage(page, 'showSelectFileDialog')).toEqual({
        error: {
          error: {
            code: 403,
            internal_message: 'Forbidden',
            user_message: expect.stringContaining('You did not allow'),
          },
        },
      });
      // The session is unaffected.
      expect(await callInPage(page, 'version')).toHaveProperty('success.version', CONNECT_API_VERSION);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('recovers when the native host is killed: the next call starts a new host and succeeds', async () => {
    rapid = await launchRapidBrowser();
    const page = await openSession(rapid.browser);
    const before = await rapid.hostPids();
    expect(before.length).toBeGreaterThan(0);
    for (const pid of before) process.kill(pid, 'SIGKILL');

    const after = await callInPage(page, 'version');
    expect(after).toHaveProperty('success.version', CONNECT_API_VERSION);
    const now = await rapid.hostPids();
    expect(now.some((pid) => !before.includes(pid))).toBe(true);
    // A transient loss is internal (DEGRADED); the page never saw FAILED.
    const statuses = await page.evaluate(
      () => (window as unknown as { session: PageSession }).session.statuses,
    );
    expect(statuses).not.toContain('FAILED');
    expect(statuses.at(-1)).toBe('RUNNING');
  });

  it('serves the asperaweb-4 bundle too, which merges into a page’s own AW4', async () => {
    rapid = await launchRapidBrowser();
    const page = await rapid.browser.newPage();
    // A page of the demo's origin that starts no session of its own.
    await page.goto(new URL('/no-such-page', server.url).href);
    // The server's CSP forbids inline scripts, so the page's own AW4 is set from outside.
    await page.evaluate(() => {
      (window as unknown as { AW4: object }).AW4 = { Mine: 1 };
    });
    await page.addScriptTag({ url: '/sdk/js/asperaweb-4.min.js' });
    const aw4 = await page.evaluate(() => {
      const w = window as unknown as { AW4: Record<string, unknown> & { Connect: { STATUS: object } } };
      return { keys: Object.keys(w.AW4).sort(), status: w.AW4.Connect.STATUS };
    });
    expect(aw4.keys).toEqual(['Connect', 'ConnectInstaller', 'Logger', 'Mine', 'Utils']);
    expect(aw4.status).toHaveProperty('EXTENSION_INSTALL', 'EXTENSION_INSTALL');
  });
});
