import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../../dam-app/server/assets/ingest.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import { assertBuilt } from './harness/artifacts.ts';
import {
  type DamWebSite,
  demoPassword,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
} from './harness/dam-web.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';

// A share's "Download with Rapid" in real Chromium with the extension and the native client, against the real DAM
// and its embedded node: a recipient with no account opens the link, accepts the licence, downloads the share by
// Rapid (bytes compared in the scripted desktop's Downloads), and the share counts exactly one download — counted
// from the node's records, never from the page's word. Screens saved as dam-web-share-rapid-*.png (en, fr).

const NAMES = ['plan-a.bin', 'plan-b.bin', 'plan-c.bin'];
let dir = '';
let home = '';
let site: DamWebSite;
let rapid: RapidBrowser;
let link = '';
const originals = new Map<string, Buffer>();
const pageErrors: string[] = [];

const { checkScreen } = screenSteps(
  'dam-web-share-rapid',
  () => site,
  () => {
    throw new Error('name the page');
  },
);
async function openPage(language: 'en' | 'fr'): Promise<Page> {
  const page = await rapid.browser.newPage();
  await page.setViewport({ width: 1280, height: 860 });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.evaluateOnNewDocument(
    (lang) => window.localStorage.setItem('rapid-dam.language', lang),
    language,
  );
  return page;
}

beforeAll(async () => {
  await assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'rapid-share-rapid-'));
  home = join(dir, 'user');
  await mkdir(join(home, 'Downloads'), { recursive: true });
  const script = join(dir, 'ui.json');
  await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: [] }));
  site = await startDamWebSite();
  const folder = join(site.runtime.services.config.storageRoot, 'Library/Plans');
  await mkdir(folder, { recursive: true });
  for (const [index, name] of NAMES.entries()) {
    const bytes = randomBytes(200_000 * (index + 1));
    originals.set(name, bytes);
    await writeFile(join(folder, name), bytes);
    await ingestFile(site.runtime.services, `Library/Plans/${name}`);
  }
  const ids = (
    await site.runtime.services.db
      .selectFrom('assets')
      .select('id')
      .where('path', 'like', 'Library/Plans/%')
      .execute()
  ).map((row) => row.id);
  const login = { username: 'carlos', password: demoPassword(site, 'carlos') };
  const carlos = new ApiClient(site.url);
  await carlos.login(login.username, login.password);
  const made = await carlos.post('/shares', {
    name: 'Site plans',
    from: { ids },
    expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    utcOffsetMinutes: 0,
    maxDownloads: 2,
    licensingText: 'For the tender only.',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  link = made.body.link;
  rapid = await launchRapidBrowser({
    hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script, HOME: home },
  });
}, 120_000);

afterAll(async () => {
  await rapid?.close();
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a share downloaded with Rapid', () => {
  it('takes every file by Rapid (bytes compared) and counts one download from the node records', async () => {
    const page = await openPage('en');
    await page.goto(link);
    await page.waitForSelector(`::-p-text(${quoted('For the tender only.')})`, { visible: true });
    await page.locator(`::-p-text(${quoted(en['share.agree'])})`).click();
    await page.locator(`aria/${en['share.accept']}[role="button"]`).click();
    const button = `::-p-aria(${en['share.rapid']}[role="button"]):not([disabled])`;
    await page.waitForSelector(button, { visible: true, timeout: SCREEN_WAIT_MS });
    await checkScreen('ready-en', page);
    await page.locator(button).click();
    for (const name of NAMES) {
      const want = originals.get(name) as Buffer;
      const end = Date.now() + 60_000;
      for (;;) {
        const got = await readFile(join(home, 'Downloads', name)).catch(() => undefined);
        if (got?.equals(want)) break;
        if (Date.now() > end) throw new Error(`${name} never arrived whole`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    await page.waitForSelector('[data-rapid-phase="counted"]', { timeout: SCREEN_WAIT_MS });
    await page.waitForSelector(`::-p-text(${quoted('1 download left.')})`, { visible: true });
    const share = await site.runtime.services.db
      .selectFrom('external_shares')
      .select('download_count')
      .executeTakeFirstOrThrow();
    expect(share.download_count).toBe(1);
    const downloads = await site.runtime.services.db
      .selectFrom('external_share_downloads')
      .select(['method', 'counted'])
      .execute();
    expect(downloads).toEqual([{ method: 'rapid', counted: true }]);
    await checkScreen('counted-en', page);
    await page.close();
  }, 120_000);

  it('offers it in French too', async () => {
    const page = await openPage('fr');
    await page.goto(link);
    await page.waitForSelector(`::-p-text(${quoted(fr['share.agree'])})`, { visible: true });
    await page.locator(`::-p-text(${quoted(fr['share.agree'])})`).click();
    await page.locator(`aria/${fr['share.accept']}[role="button"]`).click();
    await page.waitForSelector(`::-p-aria(${fr['share.rapid']}[role="button"]):not([disabled])`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await checkScreen('ready-fr', page);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
