import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_IDENTITY } from '@rapid/protocol';
import type { Page } from 'puppeteer-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import {
  installRawRecorder,
  type RawReply,
  repliesIn,
  sendRaw,
  waitForBridge,
} from './harness/raw-protocol.ts';
import { saveScreenshot } from './harness/screenshot.ts';
import { startTestSite } from './harness/test-site.ts';

const POPUP_URL = `chrome-extension://${HOST_IDENTITY.chromium.extension_ids[0]}/src/popup/index.html`;
let rapid: RapidBrowser | undefined;

beforeAll(assertBuilt);
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
});

async function openPopup(browser: RapidBrowser['browser']): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 400, height: 300 });
  await page.goto(POPUP_URL);
  return page;
}

function textOf(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

describe('extension popup', () => {
  it('shows the connected client and its version', async () => {
    rapid = await launchRapidBrowser();
    const page = await openPopup(rapid.browser);
    await page.waitForFunction(() => document.body.innerText.includes('Connected'), { polling: 100 });
    expect(await textOf(page)).toMatch(/client \d+\.\d+\.\d+/);
    expect(await page.$eval('button', (button) => button.textContent)).toBe('Open Transfer Manager');
    await saveScreenshot(page, 'popup-connected');
  });

  it('says plainly when the client is not installed', async () => {
    rapid = await launchRapidBrowser({ registerHost: false });
    const page = await openPopup(rapid.browser);
    await page.waitForFunction(() => document.body.innerText.includes('Client not reachable'), {
      polling: 100,
    });
    const alert = await page.$eval('[role="alert"]', (element) => element.textContent);
    expect(alert).toContain('native messaging host not found');
    expect(await page.$eval('button', (button) => (button as HTMLButtonElement).disabled)).toBe(true);
    await saveScreenshot(page, 'popup-unreachable');
  });
});

describe('extension popup: what sites may do', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** One call that needs consent, from a page at `address`; resolves with the status the client answered. */
  async function askFrom(page: Page, address: string, id: number): Promise<number> {
    await page.goto(address);
    await waitForBridge(page);
    await installRawRecorder(page);
    const request = { request_id: id, min_version: '', method: 'GET', body: '' };
    await sendRaw(page, { ...request, uri_reference: '/connect/file/initialize-drag-drop' });
    await page.waitForFunction(
      (wanted: number) =>
        (window as unknown as { rapidReplies: RawReply[] }).rapidReplies.some((r) => r.request_id === wanted),
      { polling: 100, timeout: 20_000 },
      id,
    );
    return ((await repliesIn(page)).find((reply) => reply.request_id === id) as RawReply).status;
  }

  it('lists the allowed and the denied site, not the one told "not now", and forgets each so it is asked again', async () => {
    const pages = { 'index.html': '<!doctype html><title>site</title><p>site</p>' };
    const site = await startTestSite(pages);
    const later = await startTestSite(pages);
    const allowed = site.url.replace(/\/$/, '');
    const denied = allowed.replace('127.0.0.1', 'localhost');
    dir = await mkdtemp(join(tmpdir(), 'rapid-popup-'));
    const script = join(dir, 'ui.json');
    await writeFile(
      script,
      JSON.stringify({ consent: { [allowed]: true, [denied]: false, '*': 'not-now' } }),
    );
    try {
      rapid = await launchRapidBrowser({ hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script } });
      const page = await rapid.browser.newPage();
      expect(await askFrom(page, `${allowed}/`, 1)).toBe(200);
      expect(await askFrom(page, `${denied}/`, 2)).toBe(403);
      // A third site is only told "not now" (the question dismissed): refused, and not remembered.
      expect(await askFrom(page, later.url, 3)).toBe(403);

      const popup = await openPopup(rapid.browser);
      await popup.setViewport({ width: 400, height: 500 });
      await popup.waitForSelector('[data-testid="site"]');
      const rows = () =>
        popup.$$eval('[data-testid="site"]', (items) => items.map((item) => item.textContent));
      expect(await rows()).toEqual([`${allowed}AllowedForget`, `${denied}DeniedForget`]);
      await saveScreenshot(popup, 'popup-sites');

      await popup.click(`[aria-label="Forget ${denied}"]`);
      await popup.waitForFunction(() => document.querySelectorAll('[data-testid="site"]').length === 1);
      await popup.click(`[aria-label="Forget ${allowed}"]`);
      await popup.waitForSelector('[data-testid="no-sites"]');

      // Forgotten: the next call from the once-denied site is asked again, and this time allowed.
      await writeFile(script, JSON.stringify({ consent: { '*': true } }));
      expect(await askFrom(page, `${denied}/`, 4)).toBe(200);
    } finally {
      await site.close();
      await later.close();
    }
  }, 90_000);
});
