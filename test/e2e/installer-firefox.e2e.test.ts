import { existsSync } from 'node:fs';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, FIREFOX_PATH } from './harness/artifacts.ts';
import { INSTALLER_PAGE_FILES } from './harness/installer-page.ts';
import {
  type InstallerSite,
  installerFrame,
  startInstallerSite,
  watchDocuments,
} from './harness/installer-site.ts';
import { launchBrowser } from './harness/launch-browser.ts';
import { saveScreenshot } from './harness/screenshot.ts';

/** Debian's Firefox ESR; `npm test` installs Chromium only, so this runs where firefox-esr is installed. */

let site: InstallerSite;
let browser: Browser;

beforeAll(async () => {
  await assertBuilt();
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`Firefox ESR is missing at ${FIREFOX_PATH}: apt-get install -y firefox-esr`);
  site = await startInstallerSite(INSTALLER_PAGE_FILES);
  browser = await launchBrowser({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('installer banner in Firefox ESR', () => {
  it('renders the carbon banner under the strict CSP (no extension in this profile)', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1000, height: 400 });
    await watchDocuments(page);
    await page.goto(new URL('installer.html?minVersion=3.9.0', site.url).href);
    const frame = await installerFrame(page);
    await frame.waitForFunction(
      () => document.querySelector('h1')?.textContent === 'Add the Rapid extension to your browser',
    );
    const accent = await frame.evaluate(() =>
      [...document.querySelectorAll('button')].map((each) => getComputedStyle(each).backgroundColor),
    );
    expect(accent).toContain('rgb(15, 98, 254)');
    expect(
      await frame.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-firefox-esr')}`);
  });
});
