import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../dam-app/api/requests.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { sampleJpeg } from '../../dam-app/server/test-support/sample-media.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  demoPassword,
  launchChromium,
  pageAfterFailure,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// Requests to download (issue 28) in real Chromium against the real DAM on PGlite with the demo's people: Rita
// (Requestors: sees the library, downloads nothing) asks for three assets, Arthur (Approvers, the Library folder's
// approver group) approves two and rejects one with a reason, Rita sees the decision and takes the two by Standard
// Download of the loading dock the approval filled; past the due date she cannot. Screens in English and French, at
// 1280 and 768 px, axe-checked, saved as dam-web-requests-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const NAMES = ['alpha.jpg', 'bravo.jpg', 'charlie.jpg'];

beforeAll(async () => {
  site = await startDamWebSite();
  const carlos = { username: 'carlos', password: demoPassword(site, 'carlos') };
  const client = new ApiClient(site.url);
  await client.login(carlos.username, carlos.password);
  for (const name of NAMES) {
    const path = `Library/Shoot/${name}`;
    await sampleJpeg(join(site.runtime.services.config.storageRoot, path));
    const ingested = await client.post('/assets/ingest', { path });
    if (ingested.status !== 201 && ingested.status !== 200) throw new Error(JSON.stringify(ingested.body));
  }
  browser = await launchChromium();
  page = await openPage();
}, 180_000);
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') page = await pageAfterFailure(page, () => openPage());
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openPage(): Promise<Page> {
  const next = await withInstallPromptClosed(await browser.newPage());
  await next.setViewport({ width: 1280, height: 900 });
  next.on('pageerror', (error) => pageErrors.push(String(error)));
  return next;
}

const { go, seeText, seeHeading, button, menuItem, checkScreen } = screenSteps(
  'dam-web-requests',
  () => site,
  () => page,
);
const noBackdrop = () =>
  page.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });

/** The screen at 1280 px, then at 768 px (and back). */
async function checkWidths(name: string) {
  await checkScreen(`${name}-1280`);
  await page.setViewport({ width: 768, height: 1000 });
  await checkScreen(`${name}-768`);
  await page.setViewport({ width: 1280, height: 900 });
}

/** A date field's value as a person picking it sets it (React hears the input event of the native setter). */
const setDate = (name: string, value: string) =>
  page.$eval(
    `input[name="${name}"]`,
    (input, date) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, date);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );

async function setLanguage(language: 'en' | 'fr') {
  await page.evaluate((value) => window.localStorage.setItem('rapid-dam.language', value), language);
  await page.reload();
}

async function logIn(username: string) {
  await signIn(page, site, username);
  await page.waitForSelector('[role="tree"] [role="treeitem"]', { visible: true, timeout: SCREEN_WAIT_MS });
}

async function logOut() {
  await noBackdrop();
  await page.locator('button[data-user-menu]').click();
  await menuItem('Log out').click();
  await seeHeading(en['login.title']);
}

const requestId = async () =>
  (
    await site.runtime.services.db
      .selectFrom('download_requests')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;

describe('requests to download in the web app', () => {
  it('a requestor asks for three assets she may see but not download', async () => {
    await logIn('rita');
    const tree: { folders: { id: number; path: string }[] } = await page.evaluate(() =>
      fetch('/api/v1/folders/tree').then((answer) => answer.json()),
    );
    const shoot = tree.folders.find((each) => each.path === 'Library/Shoot');
    await go(`#/folder/${shoot?.id}`);
    await page.waitForSelector('[role="listbox"] [role="option"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await page.focus('[role="listbox"]');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await button('Asset actions').click();
    await menuItem(en['requests.menu']).click();
    await page.waitForSelector('[role="dialog"][data-state="open"]', { visible: true });
    await page.locator('textarea[name="reason"]').fill('For the spring brochure');
    await checkScreen('request-dialog');
    await page.locator('[role="dialog"][data-state="open"] button[type="submit"]').click();
    await seeText('1 request sent to the approvers.');
    await noBackdrop();
    await page.locator('[data-nav="my-requests"] [data-count]').wait();
    await go('#/requests');
    await seeHeading(en['requests.mine']);
    await page.waitForSelector('[data-request][data-status="submitted"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
    await checkWidths('my-requests-submitted');
    // The approvers were told by mail (the demo's offline outbox).
    const outbox = (await site.runtime.services.outbox()) ?? [];
    expect(outbox.some((mail) => mail.to === 'arthur@dam.example' && mail.text.includes('alpha.jpg'))).toBe(
      true,
    );
    await logOut();
  });

  it('the approver approves two and rejects one with a reason', async () => {
    await logIn('arthur');
    await page.locator('[data-nav="approvals"] [data-count]').wait();
    await go('#/approvals');
    await seeHeading(en['approvals.title']);
    await seeText('For the spring brochure');
    await checkWidths('approvals-en');
    await setLanguage('fr');
    await seeHeading(fr['approvals.title']);
    await checkWidths('approvals-fr');
    await setLanguage('en');
    await seeHeading(en['approvals.title']);
    await button(en['approvals.decide']).click();
    await page.waitForSelector('[role="dialog"][data-state="open"]', { visible: true });
    await page.locator('[data-decision-for="charlie.jpg"] ::-p-text(Reject)').click();
    // Without a reason the server answers the spec's text, and nothing is decided.
    await page.locator('[role="dialog"][data-state="open"] button[type="submit"]').click();
    await seeText('A reason must be added for rejected assets.');
    await page.locator('input[name^="reason-"]').fill('Model release missing');
    await checkScreen('decision-dialog');
    await page.locator('[role="dialog"][data-state="open"] button[type="submit"]').click();
    await seeText(`Request ${await requestId()}: Download approved.`);
    await logOut();
  });

  it('the requestor sees the decision, downloads the two, and cannot after the due date', async () => {
    const id = await requestId();
    const outbox = (await site.runtime.services.outbox()) ?? [];
    expect(
      outbox.some((mail) => mail.to === 'rita@dam.example' && mail.text.includes('Model release missing')),
    ).toBe(true);
    await logIn('rita');
    await go('#/requests');
    await seeText('Reason: Model release missing');
    const request = await page.evaluate(
      (requestNumber) => fetch(`/api/v1/requests/${requestNumber}`).then((answer) => answer.json()),
      id,
    );
    expect(request.items.map((item: { decision: string }) => item.decision).sort()).toEqual([
      'approved',
      'approved',
      'rejected',
    ]);
    // The approval's loading dock is placed by a job: wait until it is ready, then take it by Standard Download.
    await page.waitForFunction(
      (notificationId) =>
        fetch(`/api/v1/loading-dock/${notificationId}`)
          .then((answer) => answer.json())
          .then((dock) => dock.state === 'ready'),
      { timeout: SCREEN_WAIT_MS, polling: 200 },
      request.dockNotificationId,
    );
    await page.reload();
    await seeText(en['requests.download']);
    await checkWidths('my-requests-approved');
    await setLanguage('fr');
    await seeText(fr['requests.download']);
    await checkWidths('my-requests-fr');
    await setLanguage('en');
    const downloads = await mkdtemp(join(tmpdir(), 'rapid-requests-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await button(en['requests.download']).click();
    let zipName: string | undefined;
    for (let tries = 0; tries < 100 && !zipName; tries++) {
      zipName = (await readdir(downloads)).find((name) => name.endsWith('.zip'));
      if (!zipName) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(zipName).toBeDefined();
    const zip = unzipSync(new Uint8Array(await readFile(join(downloads, zipName as string))));
    expect(Object.keys(zip).sort()).toEqual(['alpha.jpg', 'bravo.jpg']);

    // Past the due date the grant is gone: the screen says so and the dock is refused.
    await site.runtime.services.db
      .updateTable('download_requests')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await page.reload();
    await seeText(en['requests.expired']);
    const refused = await page.evaluate(
      (notificationId) => fetch(`/api/v1/loading-dock/${notificationId}/zip`).then((answer) => answer.status),
      request.dockNotificationId,
    );
    expect(refused).toBe(403);
  });

  it('a clearance request for two regions, once approved, shows in the asset view', async () => {
    const alpha = await site.runtime.services.db
      .selectFrom('assets')
      .select('id')
      .where('file_name', '=', 'alpha.jpg')
      .executeTakeFirstOrThrow();
    await go(`#/asset/${alpha.id}`);
    await page.locator('button[data-asset-actions]').click();
    await menuItem(en['requests.menu']).click();
    await page.waitForSelector('[role="dialog"][data-state="open"]', { visible: true });
    await page.select('select[name="kind"]', 'clearance');
    await setDate('from', '2027-01-01');
    await setDate('to', '2026-12-01');
    await page.locator('input[name="regions"]').fill('Europe, Canada');
    await page.locator('input[name="formats"]').fill('Print');
    // The To Date must come after the From Date: the server's text, word for word.
    await page.locator('[role="dialog"][data-state="open"] button[type="submit"]').click();
    await seeText(REQUEST_MESSAGES.clearanceToDate);
    await setDate('to', '2027-06-30');
    await checkScreen('clearance-dialog');
    await page.locator('[role="dialog"][data-state="open"] button[type="submit"]').click();
    await seeText('1 request sent to the approvers.');
    const id = await requestId();
    // Arthur approves it (through the API: his screen was shown above).
    const arthur = new ApiClient(site.url);
    await arthur.login('arthur', demoPassword(site, 'arthur'));
    const approved = await arthur.post(`/requests/${id}/decision`, {
      items: [{ assetId: alpha.id, decision: 'approved' }],
    });
    expect(approved.body.status).toBe('download approved');
    await page.reload();
    await page.waitForSelector('[data-clearances]', { visible: true, timeout: SCREEN_WAIT_MS });
    await seeText('2027-01-01 to 2027-06-30 · Regions: Europe, Canada · Formats: Print');
    await page.$eval('[data-clearances]', (section) => section.scrollIntoView({ block: 'center' }));
    await checkScreen('asset-clearances');
    expect(pageErrors).toEqual([]);
  });

  it('an administrator sees the approver a folder inherits and names another on the folder-approver screen', async () => {
    const { db } = site.runtime.services;
    const shoot = await db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Library/Shoot')
      .executeTakeFirstOrThrow();
    const arthur = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'arthur')
      .executeTakeFirstOrThrow();
    await logOut();
    await logIn('admin');
    await go(`#/folder/${shoot.id}`);
    await button(en['folder.actions']).click();
    await menuItem(en['folder.approver']).click();
    await seeHeading(en['folderApprover.title']);
    await seeText(en['folderApprover.inheritsNow'].replace('{name}', 'Approvers'));
    await page.select('select[name="kind"]', 'user');
    await page.waitForSelector(`select[name="approver"] option[value="${arthur.id}"]`, {
      timeout: SCREEN_WAIT_MS,
    });
    await page.select('select[name="approver"]', String(arthur.id));
    await button(en['folderApprover.save']).click();
    await seeText(en['folderApprover.ownNow'].replace('{name}', 'Arthur Approver'));
    await checkWidths('folder-approver-en');
    await setLanguage('fr');
    await seeHeading(fr['folderApprover.title']);
    await checkWidths('folder-approver-fr');
    await setLanguage('en');
    const saved = await db
      .selectFrom('request_approvers')
      .select('user_id')
      .where('folder_id', '=', shoot.id)
      .executeTakeFirst();
    expect(saved?.user_id).toBe(arthur.id);
    expect(pageErrors).toEqual([]);
  });
});
