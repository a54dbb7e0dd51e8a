import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  inLanguage,
  launchChromium,
  openAdminPage,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
} from './harness/dam-web.ts';

// R-WORKSPACE-UPLOAD-FORM in real Chromium against the real DAM server: the workspace editor offers the forms as the
// workspace's upload form, chosen and saved with the keyboard, and the server keeps it. English and French, axe
// clean. Screens are saved as dam-web-workspace-upload-form-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;
const steps = screenSteps(
  'dam-web-workspace-upload-form',
  () => site,
  () => page,
);

beforeAll(async () => {
  site = await startDamWebSite();
  await site.runtime.services.db
    .insertInto('forms')
    .values({ name: 'Press credits', tabs: '[]', updated_at: new Date() })
    .execute();
  browser = await launchChromium();
  page = await openAdminPage(site, browser, { width: 1280, height: 1200 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('Administration: a workspace’s upload form (R-WORKSPACE-UPLOAD-FORM)', () => {
  it('chooses the upload form with the keyboard and saves it, in English and French', async () => {
    await steps.go('#/admin/workspaces');
    await steps.button(en['workspace.new']).click();
    await page.locator('input[name="name"]').fill('Newsroom');
    const select = await page.waitForSelector(`aria/${en['workspace.uploadForm']}[role="combobox"]`, {
      timeout: SCREEN_WAIT_MS,
    });
    await page.waitForFunction(
      (name) => [...document.querySelectorAll('option')].some((option) => option.textContent === name),
      { timeout: SCREEN_WAIT_MS },
      'Press credits',
    );
    await select?.focus();
    await page.keyboard.press('ArrowDown');
    await steps.seeText(en['workspace.uploadFormHint']);
    await steps.checkScreen('editor-en');
    await page.focus('input[name="name"]');
    await page.keyboard.press('Enter');
    await steps.seeText('Newsroom');
    const saved = await site.runtime.services.db
      .selectFrom('workspaces')
      .innerJoin('forms', 'forms.id', 'workspaces.upload_form_id')
      .select('forms.name')
      .where('workspaces.name', '=', 'Newsroom')
      .executeTakeFirst();
    expect(saved?.name).toBe('Press credits');

    await inLanguage(page, 'fr');
    await steps.go('#/admin/workspaces');
    await page.reload();
    await steps.button(fr['workspace.edit'].replace('{name}', 'Newsroom')).click();
    await steps.seeText(fr['workspace.uploadFormHint']);
    const frenchSelect = await page.waitForSelector(`aria/${fr['workspace.uploadForm']}[role="combobox"]`, {
      timeout: SCREEN_WAIT_MS,
    });
    const chosen = await frenchSelect?.evaluate(
      (each) => (each as HTMLSelectElement).selectedOptions[0]?.textContent,
    );
    expect(chosen).toBe('Press credits');
    await steps.checkScreen('editor-fr');
  });
});
