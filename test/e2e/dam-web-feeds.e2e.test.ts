import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { sampleJpeg } from '../../dam-app/server/test-support/sample-media.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  demoPassword,
  launchChromium,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// My feeds in real Chromium against the real DAM server (PGlite, the demo's users and content): a person makes an
// RSS feed of a folder, copies its secret address once, a reader fetches it, and the list shows what the reader got.
// In English and French, axe clean. Screens are saved as dam-web-feeds-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await startDamWebSite();
  const carlos = { username: 'carlos', password: demoPassword(site, 'carlos') };
  // One picture in carlos's library (the demo's whole content takes a minute to render): the feed's first item.
  const client = new ApiClient(site.url);
  await client.login(carlos.username, carlos.password);
  const root = (await client.get('/folders/tree')).body.root.path as string;
  await sampleJpeg(join(site.runtime.services.config.storageRoot, root, 'feed-sample.jpg'));
  const ingested = await client.post('/assets/ingest', { path: `${root}/feed-sample.jpg` });
  if (ingested.status !== 200) throw new Error(`ingest: ${JSON.stringify(ingested.body)}`);
  browser = await launchChromium();
  page = await withInstallPromptClosed(await browser.newPage());
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.evaluateOnNewDocument(() => {
    if (!window.localStorage.getItem('rapid-dam.language'))
      window.localStorage.setItem('rapid-dam.language', 'en');
  });
  await signIn(page, site, carlos.username, carlos.password);
  await page.waitForSelector(`nav[aria-label=${quoted(en['workingSets.nav'])}]`, { visible: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const { go, seeText, seeHeading, button, checkScreen } = screenSteps(
  'dam-web-feeds',
  () => site,
  () => page,
);
const dialog = () => page.waitForSelector('[role="dialog"][data-state="open"]', { visible: true });
const noBackdrop = () =>
  page.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });

/** Opens the editor and picks the first folder of the list as the source. */
async function openEditorOnFolder(name: string, labels: Record<keyof typeof en, string>) {
  await page.locator(`main ::-p-text(${quoted(labels['feeds.new'])})`).click();
  await dialog();
  await page.locator('[role="dialog"] [name="name"]').fill(name);
  await page.waitForFunction(
    () =>
      (document.querySelector('[role="dialog"] select[name="sourceId"]') as HTMLSelectElement)?.options
        .length > 1,
    { timeout: SCREEN_WAIT_MS },
  );
  const folder = await page.$eval(
    '[role="dialog"] select[name="sourceId"]',
    (select) => (select as HTMLSelectElement).options[1]?.value ?? '',
  );
  await page.select('[role="dialog"] select[name="sourceId"]', folder);
}

describe('My feeds', () => {
  it('makes an RSS feed of a folder, shows its address once, and shows what a reader last got', async () => {
    await go('#/feeds');
    await seeHeading(en['feeds.title']);
    await seeText(en['feeds.empty']);
    await openEditorOnFolder('Library news', en);
    await seeText(en['feeds.commentsLater']);
    await checkScreen('editor-en');
    await page.locator('[role="dialog"][data-state="open"] button[type="submit"]').click();

    const field = await page.waitForSelector('[data-testid="feed-url"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    const url = (await field?.evaluate((input) => (input as HTMLInputElement).value)) ?? '';
    expect(url).toMatch(/\/api\/v1\/feed\/[\w-]{43}$/);
    await checkScreen('address-en');
    await button(en['app.close']).click();
    await noBackdrop();

    // A reader, with no session: the picture arrived just now, so the feed has an item.
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const body = await read.text();
    expect(body).toContain('<item>');
    const again = await fetch(url, { headers: { 'if-none-match': read.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);

    await page.reload();
    await seeText(`304 ${en['feeds.status.304']}`);
    await checkScreen('list-en');
    expect(pageErrors).toEqual([]);
  });

  it('reads the same in French', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await seeHeading(fr['feeds.title']);
    await seeText(`304 ${fr['feeds.status.304']}`);
    await checkScreen('list-fr');
    await openEditorOnFolder('Nouveautés', fr);
    await seeText(fr['feeds.commentsLater']);
    await checkScreen('editor-fr');
    expect(pageErrors).toEqual([]);
  });
});
