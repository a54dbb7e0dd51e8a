import { startDamServer } from '@rapid/dam-app/server';
import { CONNECT_API_VERSION } from '@rapid/protocol';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, assertBuilt } from './harness/artifacts.ts';
import { isAlive, launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';

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

/** Every status the page's Connect instance reports, in order, read from the page itself. */
async function statusesOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
}

async function openPage(browser: RapidBrowser['browser']): Promise<Page> {
  const page = await browser.newPage();
  // Record statuses with the public API: wrap initSession the moment the SDK defines window.AW4, before the
  // demo's own script creates its session.
  await page.evaluateOnNewDocument(() => {
    type Session = { addEventListener(type: string, listener: (type: string, status: string) => void): void };
    type Sdk = { Connect: { prototype: { initSession(this: Session, ...args: unknown[]): unknown } } };
    const w = window as unknown as { statuses: string[]; AW4?: Sdk };
    w.statuses = [];
    let sdk: Sdk | undefined;
    Object.defineProperty(window, 'AW4', {
      configurable: true,
      get: () => sdk,
      set(value: Sdk) {
        sdk = value;
        const init = value.Connect.prototype.initSession;
        value.Connect.prototype.initSession = function (...args) {
          this.addEventListener('status', (_type, status) => w.statuses.push(status));
          return init.apply(this, args);
        };
      },
    });
  });
  await page.goto(server.url);
  return page;
}

describe('walking skeleton: page → SDK → extension → native host → daemon', () => {
  it('reaches RUNNING and shows the version the daemon reports', async () => {
    rapid = await launchRapidBrowser();
    const page = await openPage(rapid.browser);

    await page.waitForFunction(() => document.body.dataset.status === 'RUNNING', { timeout: 15_000 });
    await page.waitForFunction(() => document.getElementById('version')?.textContent !== '—');
    expect(await page.$eval('#version', (element) => element.textContent)).toBe(CONNECT_API_VERSION);
    expect(await statusesOf(page)).toEqual(['INITIALIZING', 'RUNNING']);

    // The host started the daemon detached; it is a real, separate process that outlives the request.
    const pid = await rapid.daemonPid();
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid as number)).toBe(true);
  });

  it('reports FAILED, without hanging, when no native host is registered', async () => {
    rapid = await launchRapidBrowser({ registerHost: false });
    const page = await openPage(rapid.browser);

    const started = Date.now();
    await page.waitForFunction(() => document.body.dataset.status === 'FAILED', { timeout: 15_000 });
    // The install-type disconnect fails it at once, well inside the 5 s initialisation timeout.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await statusesOf(page)).toEqual(['INITIALIZING', 'FAILED']);
    expect(await page.$eval('#hint', (element) => element.textContent)).toContain('npm start');
    expect(await rapid.daemonPid()).toBeUndefined();
  });
});
