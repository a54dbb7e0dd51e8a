import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_THEMES } from '../../dam-app/api/themes.ts';
import { contrastRatio } from '../../dam-app/api/workspaces.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  axeViolations,
  type DamWebSite,
  launchChromium,
  openAdminPage,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
} from './harness/dam-web.ts';

// R-THEMES, R-THEME-ORGANIZER in real Chromium against the real DAM server: the Theme manager's live preview of every
// shipped theme, light and dark, passes axe (real colours, so axe's contrast rule really runs); a theme made in the
// manager gets its server-rendered thumbnail; the Theme organizer makes it a workspace's and Harbour the default, and
// the shell then wears Harbour. English and French. Screens are saved as dam-web-themes-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  site = await startDamWebSite();
  browser = await launchChromium();
  page = await openAdminPage(site, browser, { width: 1280, height: 1500 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const { go, seeText, button, checkScreen } = screenSteps(
  'dam-web-themes',
  () => site,
  () => page,
);
const click = (label: string) => button(label).click();
/** Submits the theme editor from its name field with Enter, as a keyboard user does. */
async function submitEditor() {
  await page.focus('form[aria-label] input[name="name"]');
  await page.keyboard.press('Enter');
}

async function checkAxe(name: string) {
  const violations = await axeViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}
/** Every thumbnail on the page has loaded as a 150x135 image. */
const thumbnailsLoaded = () =>
  page.waitForFunction(
    () => {
      const images = [...document.querySelectorAll('img[src*="/thumbnail"]')] as HTMLImageElement[];
      return images.length > 0 && images.every((image) => image.complete && image.naturalWidth === 150);
    },
    { timeout: SCREEN_WAIT_MS },
  );
const previewMode = (mode: 'light' | 'dark') =>
  page.$$eval(
    `[role="group"][aria-label=${quoted(en['theme.previewMode'])}] button`,
    (buttons, label) => (buttons.find((button) => button.textContent === label) as HTMLButtonElement).click(),
    en[`theme.mode.${mode}`],
  );
const previewHeader = () =>
  page.$eval('[data-theme-preview] header', (header) => getComputedStyle(header).backgroundColor);
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('Administration: themes (R-THEMES, R-THEME-ORGANIZER)', () => {
  it('previews every shipped theme, light and dark, axe clean, and makes a theme with a rendered thumbnail', async () => {
    await go('#/admin/themes');
    await thumbnailsLoaded();
    for (const [key, theme] of Object.entries(BUILT_IN_THEMES)) {
      await click(en['theme.copy'].replace('{name}', theme.name));
      await seeText(en['theme.copyName'].replace('{name}', theme.name));
      for (const mode of ['light', 'dark'] as const) {
        await previewMode(mode);
        await page.waitForFunction(
          (expected) => {
            const header = document.querySelector('[data-theme-preview] header');
            return header && getComputedStyle(header).backgroundColor === expected;
          },
          { timeout: SCREEN_WAIT_MS },
          rgb(theme[mode].header),
        );
        // The mode buttons' colours ease for 200 ms after a click.
        await new Promise((resolve) => setTimeout(resolve, 400));
        await checkAxe(`${key}-${mode}`);
      }
    }
    await checkScreen('manager-en');
    // Harbour's copy, dark shown: a brand too pale for its white text is marked and refused; a darker one saves.
    await previewMode('light');
    const brand = 'input[name="light.brand"]';
    await page.locator(brand).fill('#8fa9f0');
    expect(await previewHeader()).toBe(rgb(BUILT_IN_THEMES.harbour?.light.header ?? ''));
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-theme-preview] button') as Element).backgroundColor ===
        'rgb(143, 169, 240)',
      { timeout: SCREEN_WAIT_MS },
    );
    await submitEditor();
    await seeText(en['theme.fail'].replace('{ratio}', contrastRatio('#8fa9f0', '#ffffff').toFixed(2)));
    await page.locator(brand).fill('#1e3a8a');
    await page.locator('input[name="name"]').fill('Ocean');
    await submitEditor();
    await page.waitForSelector(`img[alt=${quoted(en['theme.thumbnailOf'].replace('{name}', 'Ocean'))}]`, {
      timeout: SCREEN_WAIT_MS,
    });
    await thumbnailsLoaded();
    const row = await site.runtime.services.db
      .selectFrom('themes')
      .select(['thumbnail_source'])
      .where('name', '=', 'Ocean')
      .executeTakeFirstOrThrow();
    expect(row.thumbnail_source).toBe('rendered');
    await checkScreen('list-en');
  });

  it('assigns the theme to a workspace and Harbour as the default; the shell then wears Harbour', async () => {
    const db = site.runtime.services.db;
    await db
      .insertInto('workspaces')
      .values({ name: 'Marketing', header_color: '#1a365d', header_text_color: '#ffffff', components: [] })
      .execute();
    await go('#/admin/themeOrganizer');
    await page.waitForSelector('main select', { timeout: SCREEN_WAIT_MS });
    const ids = await db.selectFrom('themes').select(['id', 'name']).execute();
    const idOf = (name: string) => String(ids.find((each) => each.name === name)?.id);
    const [defaultChoice, marketing] = await page.$$('main select');
    await defaultChoice?.select(idOf('Harbour'));
    await marketing?.select(idOf('Ocean'));
    await page.locator('main form button[type="submit"]').click();
    await seeText(en['themeOrganizer.saved']);
    const workspace = await db.selectFrom('workspaces').select('theme_id').executeTakeFirstOrThrow();
    expect(String(workspace.theme_id)).toBe(idOf('Ocean'));
    // The administrator has no workspace: the default, Harbour, is theirs, in light and in dark.
    await page.waitForFunction(
      (expected) =>
        getComputedStyle(document.querySelector('body > div header, header') as Element).backgroundColor ===
        expected,
      { timeout: SCREEN_WAIT_MS },
      rgb(BUILT_IN_THEMES.harbour?.light.header ?? ''),
    );
    await thumbnailsLoaded();
    await checkScreen('organizer-en');
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.color-mode', 'dark'));
    await page.reload();
    await seeText(en['themeOrganizer.default']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seen = await page.evaluate(() => ({
      themed: document.documentElement.hasAttribute('data-dam-theme'),
      classes: document.documentElement.className,
      headers: [...document.querySelectorAll('header')].map((each) => getComputedStyle(each).backgroundColor),
      variable: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-dam\\.header'),
    }));
    expect(seen).toMatchObject({ themed: true, headers: [rgb(BUILT_IN_THEMES.harbour?.dark.header ?? '')] });
    await checkScreen('organizer-dark-en');
  });

  it('shows the manager and the organizer in French', async () => {
    await page.evaluate(() => {
      window.localStorage.setItem('rapid-dam.language', 'fr');
      window.localStorage.setItem('rapid-dam.color-mode', 'light');
    });
    await page.reload();
    await seeText(fr['themeOrganizer.default']);
    await thumbnailsLoaded();
    await checkScreen('organizer-fr');
    await go('#/admin/themes');
    await thumbnailsLoaded();
    await page.locator(`aria/${fr['theme.edit'].replace('{name}', 'Ocean')}[role="button"]`).click();
    await page.waitForSelector(`[data-theme-preview][aria-label=${quoted(fr['theme.preview'])}]`, {
      timeout: SCREEN_WAIT_MS,
    });
    await checkScreen('manager-fr');
  });
});
