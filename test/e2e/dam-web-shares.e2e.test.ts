import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSET_MESSAGES } from '@rapid/dam-app/api/asset-messages';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../../dam-app/server/assets/ingest.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { eventually } from '../../dam-app/server/test-support/sample-media.ts';
import { assetMessagesFr } from '../../dam-app/web/src/i18n/asset-messages-fr.ts';
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

// External shares in real Chromium against the real DAM (PGlite, the demo users and content, the offline outbox): a
// content author shares three pictures with a password, a maximum of two downloads and a licensing text; a second
// browser context with no account opens the mailed link, gives the password, accepts the licence and downloads all
// as one zip twice; the third attempt gets "Download maximum reached.". Screens saved as dam-web-shares-*.png.

let site: DamWebSite;
let browser: Browser;
let authorContext: BrowserContext;
let recipientContext: BrowserContext;
let author: Page;
let recipient: Page;
const pageErrors: string[] = [];
const NAMES = ['dawn.jpg', 'dusk.jpg', 'hero.jpg'];
const PASSWORD = 'blue-heron-77';
const RECIPIENT = 'editor@press.example';
let cartName = '';

const { go, seeText, button, checkScreen } = screenSteps(
  'dam-web-shares',
  () => site,
  () => author,
);

async function openPage(context: BrowserContext, language: 'en' | 'fr'): Promise<Page> {
  const page = await withInstallPromptClosed(await context.newPage());
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.evaluateOnNewDocument(
    (lang) => window.localStorage.setItem('rapid-dam.language', lang),
    language,
  );
  return page;
}

beforeAll(async () => {
  site = await startDamWebSite();
  // Three pictures of our own (the demo content, with its video and PDF, takes a minute to render).
  const folder = join(site.runtime.services.config.storageRoot, 'Library/Press');
  await mkdir(folder, { recursive: true });
  for (const [index, name] of NAMES.entries()) {
    await sharp({
      create: {
        width: 800,
        height: 500,
        channels: 3,
        background: ['#d98c3f', '#6a4fa3', '#5aa36a'][index] as string,
      },
    })
      .jpeg()
      .toFile(join(folder, name));
    await ingestFile(site.runtime.services, `Library/Press/${name}`);
  }
  const login = { username: 'carlos', password: demoPassword(site, 'carlos') };
  const carlos = new ApiClient(site.url);
  await carlos.login(login.username, login.password);
  const ids: number[] = [];
  for (const name of NAMES) {
    const { id } = await site.runtime.services.db
      .selectFrom('assets')
      .select('id')
      .where('path', '=', `Library/Press/${name}`)
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  for (const id of ids)
    await eventually(
      async () => (await carlos.get(`/assets/${id}`)).body.renditionState !== 'pending',
      120_000,
    );
  cartName = 'Press kit';
  const cart = await carlos.post('/carts', { name: cartName });
  await carlos.post(`/carts/${cart.body.id}/assets`, { ids });

  browser = await launchChromium();
  authorContext = await browser.createBrowserContext();
  recipientContext = await browser.createBrowserContext();
  author = await openPage(authorContext, 'en');
  await signIn(author, site, login.username, login.password);
  await author.waitForSelector('nav[aria-label="Working sets"]', { visible: true });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('an external share', () => {
  let link = '';

  it('is made by a content author from a cart, with a password, a maximum of 2 and a licensing text, and mailed', async () => {
    await go('#/shares', author);
    await seeText(en['shares.empty'], author);
    await button(en['shares.new'], author).click();
    await author.waitForSelector('[name="source"]', { visible: true });
    const value = await author.$eval(
      '[name="source"]',
      (select, name) =>
        [...(select as HTMLSelectElement).options].find((option) => option.text.includes(name as string))
          ?.value ?? '',
      `Cart ${cartName}`,
    );
    await author.select('[name="source"]', value);
    await author.locator('[name="name"]').fill('Spring press kit');
    await author.locator('[name="maxDownloads"]').fill('2');
    await author
      .locator('[name="licensingText"]')
      .fill('Editorial use only. Credit: Rapid <Studio> & partners.');
    await author.locator('[name="password"]').fill(PASSWORD);
    await author.locator('[name="recipients"]').fill(RECIPIENT);
    await author.locator('[name="message"]').fill('The pictures for Monday’s article.');
    await checkScreen('new-en', author);
    await button(en['shares.create'], author).click();
    const shown = await author.waitForSelector('[data-testid="share-link"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    link = (await shown?.evaluate((element) => (element as HTMLInputElement).value)) ?? '';
    expect(link).toMatch(/#share=[A-Za-z0-9_-]{43}$/);
    await checkScreen('link-en', author);
    await button(en['app.close'], author).click();
    await seeText('Spring press kit', author);
    await checkScreen('list-en', author);
    // The mail (the offline outbox here) holds the same link and the message; not the password.
    await eventually(
      async () => ((await site.runtime.services.outbox()) ?? []).some((m) => m.to === RECIPIENT),
      30_000,
    );
    const mail = ((await site.runtime.services.outbox()) ?? []).find((m) => m.to === RECIPIENT);
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('The pictures for Monday’s article.');
    expect(mail?.text).not.toContain(PASSWORD);
  }, 90_000);

  it('is opened from the mailed link by someone with no account: password, licence, thumbnails, then downloads', async () => {
    recipient = await openPage(recipientContext, 'en');
    await recipient.goto(link);
    await seeText(en['share.passwordIntro'], recipient);
    // Nothing of the share before the password.
    expect(await recipient.$(`::-p-text(${quoted('Spring press kit')})`)).toBeNull();
    await checkScreen('password-en', recipient);
    await recipient.locator('[name="password"]').fill('wrong guess');
    await button(en['share.open'], recipient).click();
    await seeText('The password is incorrect.', recipient);
    await recipient.locator('[name="password"]').fill(PASSWORD);
    await button(en['share.open'], recipient).click();
    await seeText('Editorial use only. Credit: Rapid <Studio> & partners.', recipient);
    await recipient.waitForFunction(
      () =>
        [...document.querySelectorAll('img')].filter((img) => img.complete && img.naturalWidth > 0).length >=
        3,
      { timeout: SCREEN_WAIT_MS },
    );
    expect(await recipient.$(`::-p-text(${quoted(en['share.download'])})`)).toBeNull();
    await checkScreen('licence-en', recipient);
    await recipient.locator(`::-p-text(${quoted(en['share.agree'])})`).click();
    await button(en['share.accept'], recipient).click();
    const all = await recipient.waitForSelector('a[download][href*="/zip"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await checkScreen('open-en', recipient);

    // Download 1: the browser's own download of the zip, its bytes the originals'.
    const downloads = await mkdtemp(join(tmpdir(), 'rapid-dam-share-'));
    const cdp = await recipient.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      browserContextId: recipientContext.id,
    });
    await all?.click();
    await eventually(async () => (await readdir(downloads)).includes('Spring press kit.zip'), 30_000);
    const zip = join(downloads, 'Spring press kit.zip');
    const listed = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(listed).toEqual(NAMES);
    const { storageRoot } = site.runtime.services.config;
    const db = site.runtime.services.db;
    for (const name of NAMES) {
      const { path } = await db
        .selectFrom('assets')
        .select('path')
        .where('file_name', '=', name)
        .executeTakeFirstOrThrow();
      expect(
        execFileSync('unzip', ['-p', zip, name]).equals(await readFile(join(storageRoot, path))),
        name,
      ).toBe(true);
    }
    await rm(downloads, { recursive: true, force: true });
    // A HEAD and a page reload count nothing.
    const href = (await all?.evaluate((a) => (a as HTMLAnchorElement).href)) ?? '';
    const heads = await recipient.evaluate(async (url) => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await fetch(url, { method: 'HEAD' })).status);
      return statuses;
    }, href);
    expect(new Set(heads)).toEqual(new Set([200]));
    const count = async () =>
      (await db.selectFrom('external_shares').select('download_count').executeTakeFirstOrThrow())
        .download_count;
    await eventually(async () => (await count()) === 1, 10_000);

    // Download 2, the last one allowed.
    const second = await recipient.evaluate(async (url) => {
      const answer = await fetch(url);
      const bytes = (await answer.arrayBuffer()).byteLength;
      return { status: answer.status, bytes, length: Number(answer.headers.get('content-length')) };
    }, href);
    expect(second.status).toBe(200);
    expect(second.bytes).toBe(second.length);
    expect(await count()).toBe(2);

    // The third attempt: the spec's text, and nothing else.
    await recipient.reload();
    await seeText(ASSET_MESSAGES.downloadMaximumReached, recipient);
    expect(await recipient.$('img')).toBeNull();
    await checkScreen('exhausted-en', recipient);
    const third = await recipient.evaluate(async (url) => (await fetch(url)).status, href);
    expect(third).toBe(410);
  }, 120_000);

  it('shows the sharer each download and the exhausted state, in French too', async () => {
    await author.reload();
    await seeText(en['shares.state.exhausted'], author);
    await author.locator('button[data-share-downloads]').click();
    await seeText(en['shares.method.http-zip'], author);
    await checkScreen('downloads-en', author);
    const authorFr = await openPage(authorContext, 'fr');
    await go('#/shares', authorFr);
    // The signed-in person's language is their own (kept for the session), not the new page's: picked in the header.
    await authorFr.waitForSelector('header select:has(option[value="fr"])', { visible: true });
    await authorFr.select('header select:has(option[value="fr"])', 'fr');
    await seeText(fr['shares.state.exhausted'], authorFr);
    await authorFr.locator('button[data-share-downloads]').click();
    await seeText(fr['shares.method.http-zip'], authorFr);
    await checkScreen('downloads-fr', authorFr);
    const recipientFr = await openPage(recipientContext, 'fr');
    await recipientFr.goto(link);
    await seeText(assetMessagesFr.downloadMaximumReached, recipientFr);
    await checkScreen('exhausted-fr', recipientFr);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
