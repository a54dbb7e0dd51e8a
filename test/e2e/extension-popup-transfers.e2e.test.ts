import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_IDENTITY } from '@rapid/protocol';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { waitForBridge } from './harness/raw-protocol.ts';
import { saveScreenshot } from './harness/screenshot.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

const POPUP_URL = `chrome-extension://${HOST_IDENTITY.chromium.extension_ids[0]}/src/popup/index.html`;
const PAGE = '<!doctype html><title>dam</title><script src="/sdk/js/connect-sdk.js"></script><p>dam</p>';
// The daemon's named test double for the transfer engine: slow, steady progress, so the transfer stays running.
const ENGINE = JSON.stringify({ tickMs: 100, bytesPerTick: 100_000, fileBytes: 200_000_000 });
let site: TestSite;
let rapid: RapidBrowser | undefined;
let dir = '';

beforeAll(async () => {
  await assertBuilt();
  site = await startTestSite({ 'index.html': PAGE });
});
afterAll(() => site.close());
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function startDownload(page: Page): Promise<string> {
  return page.evaluate(async () => {
    type Sdk = {
      initSession(): void;
      addEventListener(type: string, listener: (type: string, status: string) => void): void;
      startTransferPromise(spec: object, settings: object): Promise<{ transfer_specs: { uuid: string }[] }>;
    };
    const AW4 = (window as unknown as { AW4: { Connect: new (options: object) => Sdk } }).AW4;
    const connect = new AW4.Connect({ minVersion: '3.9.0' });
    await new Promise<void>((resolve) => {
      connect.addEventListener('status', (_type, status) => status === 'RUNNING' && resolve());
      connect.initSession();
    });
    const started = await connect.startTransferPromise(
      {
        paths: [{ source: '/assets/master.mov', destination: 'master.mov' }],
        remote_host: 'node.example',
        direction: 'receive',
      },
      { allow_dialogs: false },
    );
    return started.transfer_specs[0]?.uuid ?? '';
  });
}

function popupText(popup: Page): Promise<string> {
  return popup.evaluate(() => document.body.innerText);
}

describe('extension popup with transfers', () => {
  it("lists the client's transfers with progress and rate, and pauses and resumes one", async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-popup-'));
    const script = join(dir, 'ui.json');
    await writeFile(script, JSON.stringify({ consent: { '*': true } }));
    rapid = await launchRapidBrowser({
      hostEnv: {
        RAPID_UI: 'scripted',
        RAPID_UI_SCRIPT: script,
        RAPID_ENGINE: 'test-double',
        RAPID_TEST_DOUBLE_ENGINE: ENGINE,
      },
    });
    const page = await rapid.browser.newPage();
    await page.goto(site.url);
    await waitForBridge(page);
    expect(await startDownload(page)).not.toBe('');

    const popup = await rapid.browser.newPage();
    await popup.setViewport({ width: 400, height: 300 });
    await popup.goto(POPUP_URL);
    // A transfer another origin started is visible here: the popup is the extension's own page.
    await popup.waitForFunction(() => document.body.innerText.includes('master.mov'), { polling: 100 });
    await popup.waitForFunction(() => /Mbit\/s|kbit\/s/.test(document.body.innerText), { polling: 100 });
    expect(await popupText(popup)).toMatch(/running/);
    await saveScreenshot(popup, 'popup-transfer-running');

    await (await popup.waitForSelector('aria/Pause[role="button"]'))?.click();
    await popup.waitForSelector('aria/Resume[role="button"]', { timeout: 10_000 });
    expect(await popupText(popup)).not.toMatch(/\brunning\b/);

    await (await popup.waitForSelector('aria/Resume[role="button"]'))?.click();
    await popup.waitForSelector('aria/Pause[role="button"]', { timeout: 10_000 });
  });
});
