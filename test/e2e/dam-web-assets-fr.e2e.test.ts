import { ASSET_MESSAGES } from '@rapid/dam-app/api/asset-messages';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoContent } from '../../dam-app/server/demo/demo-content.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { assetMessagesFr } from '../../dam-app/web/src/i18n/asset-messages-fr.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  demoPassword,
  launchChromium,
  openLibraryFromHome,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';
import { saveScreenshot } from './harness/screenshot.ts';

// The asset screens in French, in real Chromium against the real DAM server (PGlite, demo users and content): the
// ASSET_MESSAGES texts the server answers with and the ones the shared schemas give are shown in French, and the
// header keeps to one row at 1024 and 1280 px. Screens are saved as dam-web-assets-fr-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await startDamWebSite();
  await createDemoContent(site.runtime.services);
  const carlos = { username: 'carlos', password: demoPassword(site, 'carlos') };
  const client = new ApiClient(site.url);
  await client.login(carlos.username, carlos.password);
  const found = await client.post('/search', { q: 'dusk' });
  const dusk = found.body.items?.find((each: { fileName: string }) => each.fileName === 'dusk.jpg');
  if (!dusk) throw new Error(`dusk.jpg not found: ${JSON.stringify(found.body)}`);
  duskId = dusk.id;

  browser = await launchChromium();
  page = await withInstallPromptClosed(await browser.newPage());
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.evaluateOnNewDocument(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
  await signIn(page, site, carlos.username, carlos.password);
  await page.waitForSelector(`nav[aria-label=${quoted(fr['workingSets.nav'])}]`, { visible: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

let duskId = 0;
const { go, seeText, seeHeading, checkScreen } = screenSteps(
  'dam-web-assets-fr',
  () => site,
  () => page,
);
const submitDialog = () => page.locator('[role="dialog"][data-state="open"] button[type="submit"]').click();
const dialog = () => page.waitForSelector('[role="dialog"][data-state="open"]', { visible: true });
const noBackdrop = () =>
  page.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });
const bodyText = () => page.evaluate(() => document.body.innerText);

describe('the asset screens in French', () => {
  it('shows the server’s “Asset filename already exists.” in French when a rename takes a used name', async () => {
    await go(`#/asset/${duskId}`);
    await seeHeading('Dusk at the lake');
    await noBackdrop();
    await page.locator('button[data-asset-actions]').click();
    await page.locator(`aria/${fr['assets.renameMenu']}[role="menuitem"]`).click();
    await dialog();
    await page.locator('[role="dialog"] [name="fileName"]').fill('dawn.jpg');
    await submitDialog();
    await seeText(assetMessagesFr.assetFilenameExists);
    expect(await bodyText()).not.toContain(ASSET_MESSAGES.assetFilenameExists);
    await checkScreen('rename-taken');
    await page.keyboard.press('Escape');
    await noBackdrop();
  });

  it('shows the cart-name rules in French: required (shared schema) and unique (server)', async () => {
    await go('#/carts');
    await seeText(fr['carts.empty']);
    await page.locator(`main ::-p-text(${quoted(fr['carts.new'])})`).click();
    await dialog();
    await submitDialog();
    await seeText(assetMessagesFr.cartNameRequired);
    await checkScreen('cart-name-required');
    await page.locator('[role="dialog"] [name="name"]').fill('Tirage');
    await submitDialog();
    await seeText(fr['carts.cartEmpty']);
    await noBackdrop();

    await page.locator(`main ::-p-text(${quoted(fr['carts.new'])})`).click();
    await dialog();
    await page.locator('[role="dialog"] [name="name"]').fill('tirage');
    await submitDialog();
    await seeText(assetMessagesFr.cartNameUnique);
    expect(await bodyText()).not.toContain(ASSET_MESSAGES.cartNameUnique);
    await checkScreen('cart-name-taken');
    await page.keyboard.press('Escape');
    await noBackdrop();
    expect(pageErrors).toEqual([]);
  });
});

describe('the header in French', () => {
  it('keeps to one row at 1024 and at 1280 px wide', async () => {
    for (const width of [1024, 1280]) {
      await page.setViewport({ width, height: 800 });
      await go('#/');
      await openLibraryFromHome(page);
      await page.waitForSelector(`nav[aria-label=${quoted(fr['workingSets.nav'])}]`, { visible: true });
      await noBackdrop();
      await page.waitForFunction(
        () => /\d+ ressources?/.test(document.querySelector('#main')?.textContent ?? ''),
        {
          timeout: SCREEN_WAIT_MS,
        },
      );
      const rows = await page.$eval('header', (header) => {
        // Every item of the header's row (the flex children, and inside the right-hand group its children).
        const items = [...header.children].flatMap((child) =>
          child.children.length > 0 && getComputedStyle(child).display === 'flex'
            ? [...child.children]
            : [child],
        );
        const shown = items
          .map((each) => each.getBoundingClientRect())
          .filter((box) => box.width > 0 && box.height > 0 && box.left >= 0);
        const centres = shown.map((box) => Math.round(box.top + box.height / 2));
        const right = Math.max(...shown.map((box) => box.right));
        return {
          height: header.getBoundingClientRect().height,
          spread: Math.max(...centres) - Math.min(...centres),
          overflows: right > document.documentElement.clientWidth,
        };
      });
      await saveScreenshot(page, `dam-web-assets-fr-header-${width}`);
      expect(rows.overflows, `header at ${width} px: wider than the window`).toBe(false);
      expect(rows.spread, `header at ${width} px: items on more than one row`).toBeLessThan(8);
      expect(rows.height, `header at ${width} px`).toBeLessThan(60);
      // Below 1280 px the footer holds the language and colour pickers: the floating Transfers button sits in their
      // row, inside the bar, not across its top edge.
      const footer = await page.$eval('[data-testid="transfer-panel-toggle"]', (button) => {
        const bar = document.querySelector('footer');
        const picker = bar?.querySelector('button, select')?.getBoundingClientRect();
        const edge = bar?.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        if (!edge || edge.height === 0 || !picker) return undefined;
        return {
          below: box.top - edge.top,
          centres: Math.abs(box.top + box.height / 2 - (picker.top + picker.height / 2)),
        };
      });
      if (width < 1280) {
        expect(footer, `footer at ${width} px`).toBeDefined();
        expect(
          footer?.below,
          `Transfers button at ${width} px: across the footer's top edge`,
        ).toBeGreaterThan(2);
        expect(footer?.centres, `Transfers button at ${width} px: out of the footer's row`).toBeLessThan(3);
      }
    }
    await page.setViewport({ width: 1280, height: 900 });
  });
});
