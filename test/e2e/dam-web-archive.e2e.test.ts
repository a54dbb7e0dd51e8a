import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../dam-app/api/messages.ts';
import { reconcile } from '../../dam-app/server/assets/reconcile.ts';
import { type RunningS3, startS3Server } from '../../dam-app/server/test-support/s3-server.ts';
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

// R-ARCHIVE in real Chromium against the real DAM with its archive tier on a real S3-compatible server (s3rver):
// an administrator archives an asset from the keyboard, sees it in the Retention Queue, its download says it is
// archived, then restores it from the French screen and the bytes come back. Screens: dam-web-archive-*.png.

let s3: RunningS3;
let site: DamWebSite;
let browser: Browser;
let page: Page;
const PATH = 'Library/Archive/master.bin';
const BYTES = randomBytes(1_500_000);

beforeAll(async () => {
  s3 = await startS3Server();
  site = await startDamWebSite({
    env: { DAM_ARCHIVE_URL: s3.archiveUrl() },
  });
  const { tree } = site.runtime.services;
  await mkdir(tree.absolute('Library/Archive'), { recursive: true });
  await writeFile(tree.absolute(PATH), BYTES);
  await reconcile(site.runtime.services, 'Library/Archive');
  browser = await launchChromium();
  page = await openAdminPage(site, browser, { width: 1280, height: 1000 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await s3?.close();
});

const { go, seeText, checkScreen } = screenSteps(
  'dam-web-archive',
  () => site,
  () => page,
);
/** The text of the table named `label`, or '' while it is not shown. */
const tableText = (label: string) =>
  page.evaluate(
    (name) => document.querySelector(`table[aria-label=${JSON.stringify(name)}]`)?.textContent ?? '',
    label,
  );
async function until(probe: () => Promise<boolean>) {
  const deadline = Date.now() + SCREEN_WAIT_MS;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('R-ARCHIVE: Administration → Archive, on an S3-compatible store', () => {
  it('archives an asset from the keyboard, says its download is archived, and restores it byte for byte (en, fr)', async () => {
    const { db, tree } = site.runtime.services;
    const asset = await db
      .selectFrom('assets')
      .select('id')
      .where('path', '=', PATH)
      .executeTakeFirstOrThrow();
    await go('#/admin/archive');
    await seeText(en['archive.introS3']);
    await page.focus('input[name="assetIds"]');
    await page.keyboard.type(String(asset.id));
    await page.keyboard.press('Enter');
    await until(async () => (await tableText(en['archive.retention'])).includes('master.bin'));
    expect(await tree.exists(PATH)).toBe(false);
    await checkScreen('en');

    const download = await page.evaluate(async (path) => {
      const answer = await fetch(`/api/v1/files/content?path=${encodeURIComponent(path)}`);
      return { status: answer.status, body: await answer.json() };
    }, PATH);
    expect(download).toMatchObject({
      status: 409,
      body: { error: { user_message: MESSAGES.assetArchived } },
    });

    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await seeText(fr['archive.introS3']);
    await until(async () => (await tableText(fr['archive.retention'])).includes('master.bin'));
    await checkScreen('fr');
    await page
      .locator(`aria/${fr['archive.restoreNamed'].replace('{name}', 'master.bin')}[role="button"]`)
      .click();
    await until(async () => tree.exists(PATH));
    await until(async () => !(await tableText(fr['archive.retention'])).includes('master.bin'));
    await until(async () => !(await tableText(fr['archive.restoring'])).includes('master.bin'));
    expect((await readFile(tree.absolute(PATH))).equals(BYTES)).toBe(true);
    await checkScreen('restored-fr');
  });
});
