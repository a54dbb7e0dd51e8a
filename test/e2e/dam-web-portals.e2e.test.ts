import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@rapid/dam-app/api/messages';
import type { Browser, BrowserContext, ElementHandle, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../../dam-app/server/assets/ingest.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import { serverMessagesFr } from '../../dam-app/web/src/i18n/server-messages-fr.ts';
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

// External portals in real Chromium against the real DAM: a content author makes a portal of a collection and a
// folder with terms, publishes it; a visitor with no account opens its address, accepts the terms, searches, and
// downloads a file (bytes compared, one download counted) and all as one zip (counted too); the portal shows its logo
// and favicon; the author unpublishes it and the page says so at once.
// Screens saved as dam-web-portals-*.png, en and fr, axe clean.

let site: DamWebSite;
let browser: Browser;
let authorContext: BrowserContext;
let visitorContext: BrowserContext;
let author: Page;
let link = '';
const logoFile = join(tmpdir(), `portal-logo-${process.pid}.png`);
const faviconFile = join(tmpdir(), `portal-favicon-${process.pid}.gif`);
const pageErrors: string[] = [];

const { go, seeText, button, checkScreen } = screenSteps(
  'dam-web-portals',
  () => site,
  () => author,
);
/** The page's alert holds exactly this text. */
const seeAlert = (target: Page, text: string) =>
  target.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll('[role="alert"]')].some((alert) => alert.textContent?.trim() === wanted),
    { timeout: SCREEN_WAIT_MS },
    text,
  );

async function openPage(context: BrowserContext, language: 'en' | 'fr'): Promise<Page> {
  const page = await withInstallPromptClosed(await context.newPage());
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  // The top document only: the installer banner's same-origin frame loads late on a busy machine, and setting the
  // language there too would switch a French page opened meanwhile in another tab of this profile back to English.
  await page.evaluateOnNewDocument((lang) => {
    if (window === window.top) window.localStorage.setItem('rapid-dam.language', lang);
  }, language);
  return page;
}

async function picture(path: string, color: string) {
  await sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .jpeg()
    .toFile(join(site.runtime.services.config.storageRoot, path));
  await ingestFile(site.runtime.services, path);
}

beforeAll(async () => {
  site = await startDamWebSite();
  const root = site.runtime.services.config.storageRoot;
  await mkdir(join(root, 'Library/Press'), { recursive: true });
  await mkdir(join(root, 'Library/Archive'), { recursive: true });
  await picture('Library/Press/dawn.jpg', '#d98c3f');
  await picture('Library/Press/dusk.jpg', '#6a4fa3');
  await picture('Library/Archive/harbour.jpg', '#5aa36a');
  await picture('Library/Archive/not-shown.jpg', '#333333');
  const login = { username: 'carlos', password: demoPassword(site, 'carlos') };
  const carlos = new ApiClient(site.url);
  await carlos.login(login.username, login.password);
  const harbour = await site.runtime.services.db
    .selectFrom('assets')
    .select('id')
    .where('path', '=', 'Library/Archive/harbour.jpg')
    .executeTakeFirstOrThrow();
  const picks = await carlos.post('/collections', { name: 'Harbour picks' });
  await carlos.post(`/collections/${picks.body.id}/assets`, { ids: [harbour.id] });

  await sharp({ create: { width: 160, height: 48, channels: 3, background: '#1f5f8b' } })
    .png()
    .toFile(logoFile);
  await writeFile(
    faviconFile,
    Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  );

  browser = await launchChromium();
  authorContext = await browser.createBrowserContext();
  visitorContext = await browser.createBrowserContext();
  author = await openPage(authorContext, 'en');
  await signIn(author, site, login.username, login.password);
  await author.waitForSelector('nav[aria-label="Working sets"]', { visible: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('an external portal', () => {
  it('is made by a content author of a collection and a folder, with terms, and published', async () => {
    await go('#/portals', author);
    await seeText(en['portals.empty'], author);
    await button(en['portals.new'], author).click();
    await author.waitForSelector('[name="name"]', { visible: true });
    await author.locator('[name="name"]').fill('Press room');
    await author.locator('[name="description"]').fill('Pictures for the <spring> issue.');
    await author.locator('[name="terms"]').fill('Editorial use only. Credit: Rapid Studio.');
    await author.locator(`::-p-text(${quoted('Harbour picks')})`).click();
    await author.locator(`::-p-text(${quoted('/Library/Press')})`).click();
    for (const [name, file] of [
      ['logo', logoFile],
      ['favicon', faviconFile],
    ] as const) {
      const input = (await author.$(`input[type="file"][name="${name}"]`)) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
    }
    await author.waitForFunction(
      (chosen) => document.body.textContent?.split(chosen).length === 3,
      { timeout: SCREEN_WAIT_MS },
      en['portals.imageChosen'],
    );
    await checkScreen('new-en', author);
    await button(en['app.create'], author).click();
    const shown = await author.waitForSelector('[data-testid="portal-link"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    link = (await shown?.evaluate((element) => (element as HTMLInputElement).value)) ?? '';
    expect(link).toMatch(/#portal=[A-Za-z0-9_-]{43}$/);
    await checkScreen('link-en', author);
    await button(en['app.close'], author).click();
    // The closing dialog's backdrop would take the next press.
    await author.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), {
      timeout: 10_000,
    });
    await seeText(en['portals.state.unpublished'], author);
    await button(en['portals.publishNamed'].replace('{name}', 'Press room'), author).click();
    await seeText(en['portals.state.published'], author);
    await checkScreen('list-en', author);
  }, 60_000);

  it('is visited without an account: terms, search, a download counted; then unpublished at once', async () => {
    const visitor = await openPage(visitorContext, 'en');
    await visitor.goto(link);
    await seeText('Editorial use only. Credit: Rapid Studio.', visitor);
    await seeText('Pictures for the <spring> issue.', visitor);
    for (const name of ['dawn.jpg', 'dusk.jpg', 'harbour.jpg']) await seeText(name, visitor);
    expect(await visitor.$(`::-p-text(${quoted('not-shown.jpg')})`)).toBeNull();
    expect(await visitor.$(`::-p-text(${quoted(en['share.download'])})`)).toBeNull();
    await checkScreen('terms-en', visitor);
    await visitor.locator(`::-p-text(${quoted(en['share.agree'])})`).click();
    await button(en['share.accept'], visitor).click();
    await visitor.waitForSelector('a[download][href*="/file"]', { visible: true, timeout: SCREEN_WAIT_MS });
    // The logo and favicon come from the DAM, byte for byte what the author chose.
    const logo = await visitor.waitForSelector('img[data-testid="portal-logo"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    expect(await logo?.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(160);
    const favicon = await visitor.$eval(
      'link[rel="icon"][data-portal]',
      (element) => (element as HTMLLinkElement).href,
    );
    const faviconBytes = await visitor.evaluate(
      async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())],
      favicon,
    );
    expect(Buffer.from(faviconBytes).equals(await readFile(faviconFile))).toBe(true);
    await visitor.locator('input[name="q"]').fill('dusk');
    await button(en['portal.searchButton'], visitor).click();
    await visitor.waitForFunction(() => !document.body.textContent?.includes('dawn.jpg'), {
      timeout: SCREEN_WAIT_MS,
    });
    await checkScreen('search-en', visitor);
    const href = await visitor.$eval('a[download][href*="/file"]', (a) => (a as HTMLAnchorElement).href);
    const got = await visitor.evaluate(async (url) => {
      const answer = await fetch(url);
      return { status: answer.status, bytes: [...new Uint8Array(await answer.arrayBuffer())] };
    }, href);
    expect(got.status).toBe(200);
    const original = await readFile(join(site.runtime.services.config.storageRoot, 'Library/Press/dusk.jpg'));
    expect(Buffer.from(got.bytes).equals(original)).toBe(true);
    const portal = await site.runtime.services.db
      .selectFrom('portals')
      .select('download_count')
      .executeTakeFirstOrThrow();
    expect(portal.download_count).toBe(1);
    // The page's zip of all it shows: a whole ZIP64 of its length, counted as one more download.
    const zipHref = await visitor.$eval('a[download][href*="/zip"]', (a) => (a as HTMLAnchorElement).href);
    const zip = await visitor.evaluate(async (url) => {
      const answer = await fetch(url);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      return {
        status: answer.status,
        length: Number(answer.headers.get('content-length')),
        size: bytes.length,
        head: [...bytes.slice(0, 4)],
      };
    }, zipHref);
    expect(zip).toMatchObject({ status: 200, size: zip.length, head: [0x50, 0x4b, 0x03, 0x04] });
    const counted = await site.runtime.services.db
      .selectFrom('portals')
      .select('download_count')
      .executeTakeFirstOrThrow();
    expect(counted.download_count).toBe(2);

    const visitorFr = await openPage(visitorContext, 'fr');
    // A tab in the background draws no frame, and the waits poll on frames.
    await visitorFr.bringToFront();
    await visitorFr.goto(link);
    await seeText(fr['portal.terms'], visitorFr);
    await checkScreen('open-fr', visitorFr);

    await author.bringToFront();
    await author.reload();
    await button(en['portals.unpublishNamed'].replace('{name}', 'Press room'), author).click();
    await seeText(en['portals.state.unpublished'], author);
    // The page's next request already gets the state, with no asset data.
    const answer = await visitor.evaluate(
      async (url) => {
        const response = await fetch(url);
        return { status: response.status, body: await response.text() };
      },
      href.replace(/\/items\/.*$/, ''),
    );
    expect(answer.status).toBe(410);
    expect(answer.body).not.toContain('dusk');
    // A tab in the background draws no frame, and the waits poll on frames.
    await visitor.bringToFront();
    await visitor.reload();
    await seeAlert(visitor, MESSAGES.portalUnpublished);
    expect(await visitor.$(`::-p-text(${quoted('dusk.jpg')})`)).toBeNull();
    await checkScreen('unpublished-en', visitor);
    await visitorFr.bringToFront();
    await visitorFr.reload();
    await seeAlert(visitorFr, serverMessagesFr.portalUnpublished);
    await checkScreen('unpublished-fr', visitorFr);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
