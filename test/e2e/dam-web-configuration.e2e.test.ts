import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  launchChromium,
  openAdminPage,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
} from './harness/dam-web.ts';

// R-RUNTIME-SETTINGS in real Chromium against the real DAM server: the Configuration section of Administration shows
// the setting the environment pins as pinned and disabled, a change made with the keyboard holds on the server at
// once, in English and French, axe clean. Screens are saved as dam-web-configuration-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  site = await startDamWebSite({ env: { DAM_ALLOW_UPLOAD: 'false' } });
  browser = await launchChromium();
  page = await openAdminPage(site, browser, { width: 1280, height: 1400 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const { go, seeText, checkScreen } = screenSteps(
  'dam-web-configuration',
  () => site,
  () => page,
);

describe('Administration: configuration (R-RUNTIME-SETTINGS)', () => {
  it('shows the pinned setting disabled and applies a change made with the keyboard at once', async () => {
    const config = site.runtime.services.config;
    await go('#/admin/configuration');
    await seeText(en['config.pinned']);
    expect(await page.$eval('input[name="DAM_SESSION_IDLE_MINUTES"]', (input) => input.value)).toBe('120');
    const uploadDisabled = await page.evaluate(() =>
      [...document.querySelectorAll('input[type="checkbox"]')].some(
        (input) => (input as HTMLInputElement).disabled,
      ),
    );
    expect(uploadDisabled).toBe(true);
    await checkScreen('en');
    await page.focus('input[name="DAM_SESSION_IDLE_MINUTES"]');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.type('45');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => true);
    const deadline = Date.now() + SCREEN_WAIT_MS;
    while (config.sessionIdleMinutes !== 45 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(config.sessionIdleMinutes).toBe(45);
    await seeText(en['config.useDefault']);
    await checkScreen('saved-en');
  });

  it('shows the section in French', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await seeText(fr['config.pinned']);
    await seeText(fr['config.DAM_SESSION_IDLE_MINUTES']);
    await checkScreen('fr');
  });
});
