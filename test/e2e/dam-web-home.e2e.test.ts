import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { sampleJpeg } from '../../dam-app/server/test-support/sample-media.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  ADMIN_PASSWORD,
  type DamWebSite,
  launchChromium,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// R-HOME in real Chromium against the real DAM with the demo content: Carlos (a content author, whose demo check-out
// waits on him) uploads two pictures and the administrator shares a collection with his group; signing in, he lands
// on Home, not the empty Library root, and acts from it with the keyboard. English and French, axe-checked, saved as
// dam-web-home-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  site = await startDamWebSite({ content: true });
  const carlos = site.logins.find((each) => each.username === 'carlos');
  if (!carlos) throw new Error('no demo login carlos');
  const client = new ApiClient(site.url);
  await client.login(carlos.username, carlos.password);
  const uploaded: number[] = [];
  for (const name of ['shoot-01.jpg', 'shoot-02.jpg']) {
    const path = `Library/Marketing/Shoot/${name}`;
    await sampleJpeg(join(site.runtime.services.config.storageRoot, path));
    const ingested = await client.post('/assets/ingest', { path });
    if (ingested.status !== 200) throw new Error(JSON.stringify(ingested.body));
    uploaded.push(ingested.body.asset.id);
  }
  const admin = new ApiClient(site.url);
  await admin.login('admin', ADMIN_PASSWORD);
  const authors = (await admin.get('/admin/groups')).body.find(
    (group: { name: string }) => group.name === 'Content authors',
  );
  const picks = await admin.post('/collections', {
    name: 'Autumn picks',
    description: 'For the autumn poster',
    sharedWithGroupId: authors.id,
  });
  if (picks.status !== 201) throw new Error(JSON.stringify(picks.body));
  await admin.post(`/collections/${picks.body.id}/assets`, { ids: uploaded });

  browser = await launchChromium();
  page = await withInstallPromptClosed(await browser.newPage());
  await page.setViewport({ width: 1280, height: 1000 });
  await page.evaluateOnNewDocument(() => {
    if (!window.localStorage.getItem('rapid-dam.language'))
      window.localStorage.setItem('rapid-dam.language', 'en');
  });
  await page.goto(new URL('#/login', site.url).href);
  await page.waitForSelector(`aria/${en['login.title']}[role="heading"]`, {
    visible: true,
    timeout: SCREEN_WAIT_MS,
  });
  await page.locator('[name="login"]').fill(carlos.username);
  await page.locator('[name="password"]').fill(carlos.password);
  await page.locator(`aria/${en['login.submit']}[role="button"]`).click();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const { seeText, checkScreen } = screenSteps(
  'dam-web-home',
  () => site,
  () => page,
);

const itemsOf = (card: string) =>
  page.$$eval(`[data-home="${card}"] li`, (items) => items.map((item) => item.textContent ?? ''));

describe('Home (R-HOME)', () => {
  it('is where a person lands: what waits on them, what changed, the uploads and what was shared', async () => {
    await page.waitForSelector(`aria/${en['home.title']}[role="heading"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    expect(new URL(page.url()).hash).toBe('#/');
    await seeText('Autumn picks');
    expect((await itemsOf('waiting')).join()).toContain('poster');
    expect(await itemsOf('my-uploads')).toEqual([
      expect.stringContaining('shoot-02.jpg'),
      expect.stringContaining('shoot-01.jpg'),
    ]);
    expect((await itemsOf('library-uploads')).length).toBeGreaterThanOrEqual(8);
    expect((await itemsOf('changed')).length).toBeGreaterThanOrEqual(8);
    await checkScreen('en');
  });

  it('is the same visit, in French', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await page.waitForSelector(`aria/${fr['home.title']}[role="heading"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await seeText(fr['home.myUploads']);
    expect((await itemsOf('changed')).length).toBeGreaterThanOrEqual(8);
    await checkScreen('fr');
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'en'));
    await page.reload();
    await page.waitForSelector(`aria/${en['home.title']}[role="heading"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
  });

  it('opens what it lists with the keyboard: the shared collection, and the library', async () => {
    await page.focus('[data-home="shared"] a');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^#\/collections\/\d+$/.test(window.location.hash), {
      timeout: SCREEN_WAIT_MS,
    });
    await seeText('shoot-01.jpg');
    await page.goBack();
    await page.waitForSelector('[data-open-library]', { visible: true, timeout: SCREEN_WAIT_MS });
    await page.focus('[data-open-library]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^#\/folder\/\d+$/.test(window.location.hash), {
      timeout: SCREEN_WAIT_MS,
    });
  });
});
