import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { ingestUpload } from '../../dam-app/server/transfers/ingest-landed.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  demoPassword,
  launchChromium,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// Issue 28 in real Chromium against the real DAM (PGlite, demo users): Carlos follows a folder; the administrator
// uploads into it (the upload's ingest job, as a transfer's UploadFileFinish queues it); Carlos's bell counts it
// without a reload, over the push channel. Then the Notification center and My Tasks in English and French at 768
// and 1280 px, axe clean. Screens are saved as dam-notifications-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;
let inboxId = 0;
let adminId = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await startDamWebSite();
  const { services } = site.runtime;
  await mkdir(join(services.config.storageRoot, 'Library'), { recursive: true });
  const carlos = { username: 'carlos', password: demoPassword(site, 'carlos') };
  const client = new ApiClient(site.url);
  await client.login(carlos.username, carlos.password);
  const root = (await client.get('/folders/tree')).body.root;
  inboxId = (await client.post('/folders', { parentId: root.id, name: 'Inbox' })).body.id;
  // An asset Carlos checks out: a check-out to return is on his My Tasks.
  await writeFile(join(services.config.storageRoot, 'Library/Inbox/draft.txt'), 'draft');
  const ingested = await client.post('/assets/ingest', { path: 'Library/Inbox/draft.txt' });
  const draft = ingested.body.asset?.id;
  if (!draft)
    throw new Error(`ingest: ${ingested.status} ${JSON.stringify(ingested.body)}; folder ${inboxId}`);
  expect((await client.post(`/assets/${draft}/checkout`)).status).toBe(200);
  adminId = (
    await services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;

  browser = await launchChromium();
  page = await withInstallPromptClosed(await browser.newPage());
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await signIn(page, site, carlos.username, carlos.password);
  await page.waitForSelector('[data-notification-bell]', { visible: true, timeout: SCREEN_WAIT_MS });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const { go, seeText, checkScreen } = screenSteps(
  'dam-notifications',
  () => site,
  () => page,
);
const unreadBadge = () =>
  page.$eval(
    '[data-notification-bell]',
    (bell) => bell.querySelector('[data-unread-count]')?.textContent ?? null,
  );

describe('notifications, live', () => {
  it('raises the bell of a folder’s follower when another person uploads there, without a reload', async () => {
    await go(`#/folder/${inboxId}`);
    const follow = await page.waitForSelector(`aria/${en['notifications.follow']}[role="button"]`, {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await follow?.click();
    await page.waitForSelector(`[data-follow="folder"][aria-pressed="true"]`, { timeout: SCREEN_WAIT_MS });
    await checkScreen('folder-following-en-1280');
    expect(await unreadBadge()).toBeNull();

    // The administrator's upload lands in the followed folder and is ingested as the upload's job does.
    await writeFile(join(site.runtime.services.config.storageRoot, 'Library/Inbox/sunrise.txt'), 'sunrise');
    const started = Date.now();
    await ingestUpload(site.runtime.services, { path: 'Library/Inbox/sunrise.txt', userId: adminId });
    await page.waitForSelector('[data-notification-bell] [data-unread-count="1"]', { timeout: 10_000 });
    console.log(`bell updated ${Date.now() - started} ms after the upload's ingest committed`);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });

  it('lists it in the Notification center, links to the asset, and marks it read', async () => {
    await page.locator('[data-notification-bell]').click();
    await page.waitForSelector('[data-notification="Upload"]', { visible: true, timeout: SCREEN_WAIT_MS });
    expect(await page.$eval('[data-notification="Upload"]', (row) => row.textContent)).toContain(
      'sunrise.txt',
    );
    expect(await page.$eval('[data-notification="Upload"]', (row) => row.textContent)).toContain('admin');
    await checkScreen('center-en-1280');
    await page.setViewport({ width: 768, height: 900 });
    await checkScreen('center-en-768');
    await page.setViewport({ width: 1280, height: 900 });
    await page.locator(`aria/${en['notifications.readAll']}[role="button"]`).click();
    await page.waitForSelector('[data-notification="Upload"][data-read="true"]', { timeout: SCREEN_WAIT_MS });
    await page.waitForFunction(
      () => !document.querySelector('[data-notification-bell] [data-unread-count]'),
      {
        timeout: SCREEN_WAIT_MS,
      },
    );
  });

  it('shows My Tasks with the check-out to return', async () => {
    await go('#/tasks');
    await seeText(en['tasks.kind.checkout.return'].replace('{title}', 'draft.txt'));
    expect(await page.$eval('[data-task="checkout.return"]', (row) => row.getAttribute('data-status'))).toBe(
      'Scheduled',
    );
    await checkScreen('tasks-en-1280');
    await page.setViewport({ width: 768, height: 900 });
    await checkScreen('tasks-en-768');
  });

  it('shows both screens in French', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    for (const width of [1280, 768]) {
      await page.setViewport({ width, height: 900 });
      await go('#/notifications');
      await page.reload();
      await seeText(fr['notifications.title']);
      await seeText(fr['notifications.type.Upload']);
      await checkScreen(`center-fr-${width}`);
      await go('#/tasks');
      await seeText(fr['tasks.kind.checkout.return'].replace('{title}', 'draft.txt'));
      await checkScreen(`tasks-fr-${width}`);
      // The mail settings, one choice per type of notification (R-NOTIFY-MAIL-TYPES).
      await go('#/account');
      const byType = await seeText(fr['notifications.mail.byType']);
      await byType?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await checkScreen(`mail-types-fr-${width}`);
    }
    expect(pageErrors).toEqual([]);
  });
});
