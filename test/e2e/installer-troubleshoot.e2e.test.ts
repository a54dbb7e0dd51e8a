import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { INSTALLER_PAGE_FILES } from './harness/installer-page.ts';
import {
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

describe('install manifest', () => {
  it('lists this OS, and every link it has leads to a file the server really serves', async () => {
    const script = await (await fetch(new URL('sdk/connectversions.min.js', site.url))).text();
    const holder: {
      connectVersions?: { entries: { navigator: { platform: string }; links: { href: string }[] }[] };
    } = {};
    new Function('window', script)(holder);
    const entries = holder.connectVersions?.entries ?? [];
    expect(entries.map((entry) => entry.navigator.platform)).toEqual(
      expect.arrayContaining(['Win32', 'MacIntel', 'Linux x86_64']),
    );
    const hrefs = new Set(entries.flatMap((entry) => entry.links.map((link) => link.href)));
    expect(hrefs.size).toBeGreaterThanOrEqual(8);
    for (const href of hrefs) {
      const response = await fetch(new URL(`sdk/${href}`, site.url));
      expect(response.status, href).toBe(200);
      expect((await response.arrayBuffer()).byteLength, href).toBeGreaterThan(100);
    }
  });
});

describe('troubleshoot, in the visitor’s language', () => {
  it('the French banner’s Dépannage leads to a page that finds the extension and the client', async () => {
    rapid = await launchRapidBrowser();
    const page = await rapid.browser.newPage();
    await page.setViewport({ width: 1000, height: 400 });
    await watchDocuments(page);
    await page.evaluateOnNewDocument(() => {
      Object.defineProperty(navigator, 'languages', { get: () => ['fr-FR', 'fr'] });
    });
    await page.goto(new URL('installer.html?minVersion=5.0.0', site.url).href);
    const frame = await installerFrame(page);
    await frame.waitForSelector('aria/Mettez Rapid à jour pour continuer[role="heading"]');
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('fr');
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-carbon-update-fr')}`);

    const troubleshoot = await frame.waitForSelector('aria/Dépannage[role="button"]');
    await Promise.all([page.waitForNavigation(), troubleshoot?.click()]);
    expect(new URL(page.url()).pathname).toBe('/sdk/install/troubleshoot/index.html');
    await page.waitForSelector('aria/Dépannage de Rapid[role="heading"]');
    await page.waitForFunction(
      () => document.body.innerText.includes('Le client Rapid répond (version 4.2.0).'),
      {
        timeout: 10_000,
      },
    );
    expect(await page.evaluate(() => document.body.innerText)).toContain('L’extension Rapid est active.');
    const installer = await page.waitForSelector(
      'aria/Programme d’installation du client Rapid[role="link"]',
    );
    expect(await installer?.evaluate((link) => (link as HTMLAnchorElement).href)).toMatch(
      /\/sdk\/bin\/rapid-client-[\d.]+-linux\.tar\.gz$/,
    );
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    console.log(`screenshot: ${await saveScreenshot(page, 'installer-troubleshoot-fr')}`);
  });
});
