import { HOST_IDENTITY } from '@rapid/protocol';
import type { Page } from 'puppeteer-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { saveScreenshot } from './harness/screenshot.ts';

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
