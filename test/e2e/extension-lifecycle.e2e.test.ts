import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

const LOCATOR_PAGE =
  '<!doctype html><title>waiting</title><div class="aspera-connect-ext-locator" hidden></div>';
const PLAIN_PAGE = '<!doctype html><title>plain</title><p>no locator</p>';
let site: TestSite;
let rapid: RapidBrowser | undefined;

beforeAll(async () => {
  await assertBuilt();
  site = await startTestSite({ 'waiting.html': LOCATOR_PAGE, 'plain.html': PLAIN_PAGE });
});
afterAll(() => site.close());
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
});

describe('extension install', () => {
  it('reloads the tabs that wait for it, and only those, so they come back bridged', async () => {
    rapid = await launchRapidBrowser({ extensionAtLaunch: false });
    // The plain tab comes first, so the extension has looked at it before it reloads the waiting one.
    const plain = await rapid.browser.newPage();
    await plain.goto(new URL('plain.html', site.url).href);
    const waiting = await rapid.browser.newPage();
    await waiting.goto(new URL('waiting.html', site.url).href);
    for (const page of [waiting, plain])
      await page.evaluate(() => Object.assign(window, { beforeInstall: true }));

    await rapid.installExtension();

    await waiting.waitForFunction(() => document.documentElement.hasAttribute('data-rapid-bridge'), {
      polling: 100,
    });
    expect(await waiting.evaluate(() => 'beforeInstall' in window)).toBe(false);
    expect(await plain.evaluate(() => 'beforeInstall' in window)).toBe(true);
  });
});
