import { FIELD_MESSAGES, MESSAGES } from '@rapid/dam-app/api/messages';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDemoContent } from '../../dam-app/server/demo/demo-content.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { fieldMessagesFr } from '../../dam-app/web/src/i18n/field-messages-fr.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import { serverMessagesFr } from '../../dam-app/web/src/i18n/server-messages-fr.ts';
import {
  ADMIN_PASSWORD,
  type DamWebSite,
  inLanguage,
  launchChromium,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// Metadata forms (issue 29) in real Chromium against the real DAM server (PGlite, demo content, the shipped
// dictionary): the administrator's form builder and the asset view's form with its validators' messages, in English
// and French, each screen axe-checked. Screens are saved as dam-web-forms-*.png.

const NS = 'http://ns.example.org/photo/1.0/';
let site: DamWebSite;
let browser: Browser;
let page: Page;
let duskId = 0;

beforeAll(async () => {
  site = await startDamWebSite({ env: { DAM_WORD_LIST: '/usr/share/dict/american-english' } });
  await createDemoContent(site.runtime.services);
  const admin = new ApiClient(site.url);
  await admin.login('admin', ADMIN_PASSWORD);
  const found = await admin.post('/search', { q: 'dusk' });
  duskId = found.body.items.find((each: { fileName: string }) => each.fileName === 'dusk.jpg').id;
  const english = (await admin.get('/admin/dictionaries')).body.find(
    (each: { shipped: boolean }) => each.shipped,
  );
  const library = (await admin.get('/folders/tree')).body.root.id;
  const field = (property: string, label: string, validator: Record<string, unknown>) => ({
    schema: NS,
    property,
    label,
    validator,
  });
  const created = await admin.post('/admin/forms', {
    name: 'Photo credits',
    tabs: [
      {
        name: 'Caption',
        fields: [
          field('headline', 'Headline', { kind: 'StringNotEmpty' }),
          field('keyword', 'Keyword', { kind: 'ForceDictionary', dictionaryId: english.id }),
          field('email', 'Photographer email', { kind: 'EMail' }),
          field('phone', 'Phone', { kind: 'Phone' }),
        ],
      },
      {
        name: 'Rights',
        fields: [
          field('expires', 'Licence ends', { kind: 'Date' }),
          field('copies', 'Copies', { kind: 'Integer' }),
        ],
      },
    ],
    rules: [{ target: `${NS}copies`, trigger: 'submit', action: 'require' }],
    assignments: [{ folderId: library, use: 'view' }],
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));

  browser = await launchChromium();
  page = await withInstallPromptClosed(await browser.newPage());
  await page.setViewport({ width: 1280, height: 900 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const { go, seeText, seeHeading, button, checkScreen } = screenSteps(
  'dam-web-forms',
  () => site,
  () => page,
);

describe.each([
  ['en', en],
  ['fr', fr],
] as const)('metadata forms in %s', (language, t) => {
  const field = (key: 'dateInvalid' | 'notInDictionary') =>
    language === 'en' ? FIELD_MESSAGES[key] : fieldMessagesFr[key];
  const save = () =>
    page
      .locator(
        `form[aria-label=${quoted(t['assets.formTitle'].replace('{name}', 'Photo credits'))}] button[type="submit"]`,
      )
      .click();
  it('shows the form builder with its tabs, fields and rules', async () => {
    await inLanguage(page, language);
    if (language === 'en') {
      await signIn(page, site, 'admin', ADMIN_PASSWORD);
      // The landing in the library comes after the shell: going elsewhere before it would be undone by it.
      await page.waitForSelector('[role="tree"] [role="treeitem"]', {
        visible: true,
        timeout: SCREEN_WAIT_MS,
      });
    }
    await go('#/admin/forms');
    await page.reload();
    await seeText('Photo credits');
    await checkScreen(`${language}-list`);
    await button(t['admin.editForm'].replace('{name}', 'Photo credits')).click();
    await page.waitForSelector('[role="dialog"][data-state="open"]', { visible: true });
    await seeText(t['form.ruleTrigger']);
    await checkScreen(`${language}-builder`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"][data-state="open"]', { hidden: true, timeout: 10_000 });
  });

  it('shows the asset’s form, checks each field with its validator and saves', async () => {
    await go(`#/asset/${duskId}`);
    await seeHeading(t['assets.formTitle'].replace('{name}', 'Photo credits'));
    const input = (name: string) => page.locator(`input[name=${quoted(`${NS}${name}`)}]`);
    await input('headline').fill(' ');
    await input('email').fill('ellen.example.org');
    await input('phone').fill('555-CALL-NOW');
    await save();
    await seeText(language === 'en' ? MESSAGES.emailMissingAt : serverMessagesFr.emailMissingAt);
    await seeText(language === 'en' ? MESSAGES.phoneCharacters : serverMessagesFr.phoneCharacters);
    await checkScreen(`${language}-asset-invalid`);
    await input('headline').fill(language === 'en' ? 'Dusk over the lake' : 'Crépuscule sur le lac');
    await input('email').fill('ellen@example.org');
    await input('phone').fill('+1 555 0100');
    await input('keyword').fill('lakx');
    await page.locator('aria/Rights[role="tab"]').click();
    await input('expires').fill('2027-02-30');
    await input('copies').fill('3');
    await save();
    await seeText(field('dateInvalid'));
    await input('expires').fill('2027-02-28');
    await save();
    // The web cannot know the dictionary's 45k words: the server's ForceDictionary check answers.
    await page.locator('aria/Caption[role="tab"]').click();
    await seeText(field('notInDictionary'));
    await input('keyword').fill('lake');
    await save();
    await seeText(t['app.saved']);
    await checkScreen(`${language}-asset-saved`);
  });
});
