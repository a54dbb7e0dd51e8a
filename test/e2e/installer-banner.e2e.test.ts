import type { Frame, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { INSTALLER_PAGE_FILES } from './harness/installer-page.ts';
import {
  axeViolations,
  type InstallerSite,
  installerFrame,
  startInstallerSite,
  watchDocuments,
} from './harness/installer-site.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { saveScreenshot } from './harness/screenshot.ts';

let site: InstallerSite;
let rapid: RapidBrowser | undefined;

beforeAll(async () => {
  await assertBuilt();
  site = await startInstallerSite(INSTALLER_PAGE_FILES);
});
afterAll(() => site.close());
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
});

async function openPage(
  query: string,
  options: { extensionAtLaunch?: boolean; registerHost?: boolean } = {},
): Promise<Page> {
  rapid = await launchRapidBrowser(options);
  const page = await rapid.browser.newPage();
  await page.setViewport({ width: 1000, height: 400 });
  await watchDocuments(page);
  await page.goto(new URL(`installer.html?${query}`, site.url).href);
  return page;
}

const heading = (frame: Frame, text: string) =>
  frame.waitForSelector(`aria/${text}[role="heading"]`, { timeout: 10_000 });

async function frameBox(page: Page) {
  return page.$eval('#aspera-iframe-container', (element) => {
    const style = getComputedStyle(element);
    return {
      className: element.className,
      src: (element as HTMLIFrameElement).src,
      zIndex: style.zIndex,
      maxWidth: style.maxWidth,
      top: element.getBoundingClientRect().top,
      display: style.display,
    };
  });
}

describe('installer banner in Chromium', () => {
  it('no extension → EXTENSION_INSTALL → the carbon banner, under a CSP without unsafe-inline', async () => {
    const page = await openPage('minVersion=3.9.0', { extensionAtLaunch: false });
    const frame = await installerFrame(page);
    await heading(frame, 'Add the Rapid extension to your browser');
    const response = await page.goto(page.url(), { waitUntil: 'load' }).catch(() => null);
    expect(response?.headers()['content-security-policy']).toMatch(/style-src 'self'/);
    expect(response?.headers()['content-security-policy']).not.toContain('unsafe-inline');
    const again = await installerFrame(page);
    await heading(again, 'Add the Rapid extension to your browser');

    expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toContain(
      'EXTENSION_INSTALL',
    );
    expect(await page.$('.aspera-connect-ext-locator')).not.toBeNull();
    const box = await frameBox(page);
    expect(box).toMatchObject({
      className: 'aspera-iframe-container',
      zIndex: '20',
      maxWidth: '600px',
      top: 0,
    });
    // The URL names the first dialog, which the frame paints while it loads.
    expect(box.src).toMatch(/\/sdk\/install\/carbon-installer\/index\.html#\w+$/);
    // Chakra's styles really applied (adopted stylesheets), and nothing was blocked in the page or the frame.
    const button = await again.waitForSelector('aria/Add the extension[role="button"]');
    expect(await button?.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(15, 98, 254)',
    );
    for (const target of [page.mainFrame(), again])
      expect(
        await target.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
    expect(await axeViolations(again)).toEqual([]);
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-extension-install')}`);

    // Keyboard: Tab walks the actions, Escape closes the banner and the page hears removeiframe.
    await button?.focus();
    await page.keyboard.press('Tab');
    expect(await again.evaluate(() => document.activeElement?.textContent)).toBe('Reload the page');
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () =>
        getComputedStyle(document.getElementById('aspera-iframe-container') as Element).display === 'none',
    );
    expect(
      await page.evaluate(() => (window as unknown as { installerEvents: string[] }).installerEvents),
    ).toContain('removeiframe');
  });

  it('client outdated → update dialog → continue → launching', async () => {
    // The daemon reports Connect API 4.2.0, so a page minimum of 5.0.0 makes it outdated.
    const page = await openPage('minVersion=5.0.0');
    const frame = await installerFrame(page);
    await heading(frame, 'Update Rapid to continue');
    expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toContain(
      'OUTDATED',
    );
    expect(await frame.$('aria/Download the update[role="link"]')).not.toBeNull();
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-update')}`);

    const continueButton = await frame.waitForSelector('aria/Continue without updating[role="button"]');
    await continueButton?.click();
    await heading(frame, 'Launching Rapid…');
    expect(
      await page.evaluate(() => (window as unknown as { installerEvents: string[] }).installerEvents),
    ).toContain('continue');
    const continuedAt = Number(await page.evaluate(() => localStorage.getItem('connect-version-continued')));
    expect(Math.abs(continuedAt - Date.now() / 1000)).toBeLessThan(60);
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-launching')}`);
  });

  it('extension and host present → launching is cancelled, running is shown, then dismissed', async () => {
    const page = await openPage('minVersion=3.9.0');
    const frame = await installerFrame(page);
    await heading(frame, 'Rapid is ready');
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-running')}`);
    await page.waitForFunction(
      () =>
        getComputedStyle(document.getElementById('aspera-iframe-container') as Element).display === 'none',
      { timeout: 5000 },
    );
    // Past the 3500 ms launching delay: the frame was never told to show launching.
    await new Promise((resolve) => setTimeout(resolve, 3600));
    const received = await frame.evaluate(() => (window as unknown as { received: string[] }).received);
    expect(received).toContain('running');
    expect(received).not.toContain('launching');
    expect((await frameBox(page)).display).toBe('none');
  });

  it('no client → FAILED → download with this OS’s installer → install → the how-to at full size', async () => {
    const page = await openPage('minVersion=3.9.0', { registerHost: false });
    const frame = await installerFrame(page);
    await heading(frame, 'Install Rapid to transfer large files');
    const download = await frame.waitForSelector('aria/Download Rapid 0.1[role="link"]');
    const href = await download?.evaluate((link) => (link as HTMLAnchorElement).href);
    expect(href).toMatch(/\/sdk\/bin\/rapid-client-[\d.]+-linux\.tar\.gz$/);
    expect((await fetch(href ?? '')).status).toBe(200);
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-download')}`);

    await download?.click();
    await heading(frame, 'Open the installer you downloaded');
    expect(await page.evaluate(() => localStorage.getItem('aspera-install-attempted'))).toBe('true');
    const events = await page.evaluate(
      () => (window as unknown as { installerEvents: string[] }).installerEvents,
    );
    expect(events).toContain('downloadconnect');

    await (await frame.waitForSelector('aria/Show me how[role="button"]'))?.click();
    await heading(frame, 'How to install Rapid');
    await page.waitForFunction(
      () => document.getElementById('aspera-iframe-container')?.style.height === '100%',
    );
    expect((await frameBox(page)).maxWidth).not.toBe('600px');
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-install-how-to')}`);
    await page.keyboard.press('Escape');
    await heading(frame, 'Open the installer you downloaded');
    await page.waitForFunction(() =>
      /^\d+px$/.test(document.getElementById('aspera-iframe-container')?.style.height ?? ''),
    );
  });

  it('an OS the install manifest does not list gets unsupported_browser instead of a download', async () => {
    rapid = await launchRapidBrowser({ registerHost: false });
    const page = await rapid.browser.newPage();
    await page.setViewport({ width: 1000, height: 400 });
    await page.evaluateOnNewDocument(() => {
      Object.defineProperty(navigator, 'platform', { get: () => 'iPhone' });
    });
    await page.goto(new URL('installer.html?minVersion=3.9.0', site.url).href);
    const frame = await installerFrame(page);
    await heading(frame, 'This browser or system is not supported');
    expect(await frame.$('aria/Troubleshoot[role="button"]')).not.toBeNull();
    expect(await frame.$('a[download]')).toBeNull();
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-unsupported')}`);
  });

  it('the blue style: the top bar at z-index 999999999, its own page, accessible', async () => {
    // No requested minimum: below 3.9.0 the default style is blue, and, as with the 3.8-era SDK, the extension is
    // not required: the session falls back to local HTTP, finds no client, fails after the init timeout and the
    // page offers the download.
    const page = await openPage('minVersion=', { extensionAtLaunch: false });
    const frame = await installerFrame(page);
    await heading(frame, 'Install Rapid to transfer large files');
    const box = await frameBox(page);
    expect(box.zIndex).toBe('999999999');
    expect(box.src).toMatch(/\/sdk\/install\/auto-topbar\/index\.html#\w+$/);
    const background = await frame.$eval('section', (element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(11, 79, 156)');
    expect(await axeViolations(frame)).toEqual([]);
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-blue-download')}`);
  });
});
