import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ASSET_MESSAGES } from '@rapid/dam-app/api/asset-messages';
import { CART_FULL_NOTICE, CART_MAX_ASSETS } from '@rapid/dam-app/api/working-sets';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '../../dam-app/api/transfer-messages.ts';
import { ingestFile } from '../../dam-app/server/assets/ingest.ts';
import { createDemoContent } from '../../dam-app/server/demo/demo-content.ts';
import { ensureFolderRow } from '../../dam-app/server/folders/folder-queries.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { eventually } from '../../dam-app/server/test-support/sample-media.ts';
import {
  ADMIN_PASSWORD,
  type DamWebSite,
  demoPassword,
  launchChromium,
  pageAfterFailure,
  quoted,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';
import { saveScreenshot } from './harness/screenshot.ts';

// The asset and working-set screens in real Chromium against the real DAM server (PGlite, the demo users and the demo
// content: pictures, a video, a PDF, a versioned and a checked-out asset). Ids are found through the API; every
// screen and dialog is checked with axe-core and saved as dam-web-assets-*.png.

let site: DamWebSite;
let browser: Browser;
let carlosContext: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const cspViolations: string[] = [];
const ids: Record<string, number> = {};

async function apiAs(username: string, password = demoPassword(site, username)): Promise<ApiClient> {
  const client = new ApiClient(site.url);
  await client.login(username, password);
  return client;
}

async function idOf(client: ApiClient, fileName: string): Promise<number> {
  const found = await client.post('/search', { q: fileName.replace(/\.\w+$/, '') });
  const asset = found.body.items?.find((each: { fileName: string }) => each.fileName === fileName);
  if (!asset) throw new Error(`${fileName} not found: ${JSON.stringify(found.body)}`);
  return asset.id;
}

beforeAll(async () => {
  site = await startDamWebSite();
  await createDemoContent(site.runtime.services);
  const carlos = await apiAs('carlos');
  for (const name of ['dawn.jpg', 'dusk.jpg', 'hero.jpg', 'poster.jpg', 'night-street.jpg', 'teaser.mp4'])
    ids[name] = await idOf(carlos, name);
  // Renditions are jobs: wait until the pictures the screens show have theirs.
  const deadline = Date.now() + 120_000;
  for (const name of ['dawn.jpg', 'hero.jpg', 'teaser.mp4']) {
    while ((await carlos.get(`/assets/${ids[name]}`)).body.renditionState === 'pending') {
      if (Date.now() > deadline) throw new Error(`no renditions for ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  browser = await launchChromium();
  carlosContext = await browser.createBrowserContext();
  page = await openPage(carlosContext);
  await logIn(page, 'carlos', demoPassword(site, 'carlos'));
}, 180_000);
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') page = await pageAfterFailure(page, () => openPage(carlosContext));
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openPage(context: BrowserContext, width = 1280, height = 900): Promise<Page> {
  const next = await withInstallPromptClosed(await context.newPage());
  await next.setViewport({ width, height });
  next.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  next.on('pageerror', (error) => pageErrors.push(String(error)));
  return next;
}

const { go, seeText, seeHeading, button, checkScreen } = screenSteps(
  'dam-web-assets',
  () => site,
  () => page,
);
/** Fills a field by name; inside the open dialog when one is open (the page behind may have a field of that name). */
async function fill(name: string, value: string, target = page) {
  const inDialog = `[role="dialog"][data-state="open"] [name="${name}"]`;
  await target.locator((await target.$(inDialog)) ? inDialog : `[name="${name}"]`).fill(value);
}
const noBackdrop = (target = page) =>
  target.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });
const dialog = (target = page) =>
  target.waitForSelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]', {
    visible: true,
  });

async function logIn(target: Page, login: string, password: string) {
  await signIn(target, site, login, password);
  await target.waitForSelector('nav[aria-label="Working sets"]', { visible: true });
}

/** axe-core finds nothing, and the screen is saved for people to look at. */
/** No toast on screen covers any part of `selector` (the first match), so a click meant for it lands on it. */
async function clearOfToasts(selector: string, target = page) {
  const overlaps = await target.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    return [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')]
      .map((toast) => toast.getBoundingClientRect())
      .filter((t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom)
      .map((t) => `${t.left},${t.top} ${t.width}×${t.height}`);
  });
  expect(overlaps, `toasts over ${selector}`).toEqual([]);
}

async function actions(item: string, target = page) {
  await noBackdrop(target);
  await target.locator('button[data-asset-actions]').click();
  await target.locator(`aria/${item}[role="menuitem"]`).click();
}

async function menuItems(trigger: string, target = page): Promise<{ text: string; disabled: boolean }[]> {
  await noBackdrop(target);
  await target.locator(trigger).click();
  await target.waitForSelector('[role="menu"][data-state="open"]', { visible: true });
  const items = await target.$$eval('[role="menu"][data-state="open"] [role="menuitem"]', (elements) =>
    elements.map((element) => ({
      text: element.textContent?.trim() ?? '',
      disabled: element.hasAttribute('data-disabled'),
    })),
  );
  return items;
}

/** Ticks a checkbox from the keyboard: focus it, press Space. */
async function tick(label: string, target = page) {
  await target.$eval(`input[aria-label=${quoted(label)}]`, (input) => (input as HTMLInputElement).focus());
  await target.keyboard.press('Space');
}

async function closeMenu(target = page) {
  await target.keyboard.press('Escape');
  await target.waitForFunction(() => !document.querySelector('[role="menu"][data-state="open"]'));
}

describe('DAM web app: assets and working sets in Chromium', () => {
  it('opens an asset on its General tab with every field of R-ASSET-FIELDS and its preview', async () => {
    await go(`#/asset/${ids['dawn.jpg']}`);
    await seeHeading('Dawn over the hills');
    for (const label of [
      'ID number',
      'File name',
      'Date created',
      'Date added',
      'File type',
      'Color profile',
      'Dimensions',
      'Aspect ratio',
      'Renditions',
      'Versions',
    ])
      await seeText(label);
    await seeText('1600 × 1200 px');
    await seeText('4:3');
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt="Preview of Dawn over the hills"]');
      return image?.complete && image.naturalWidth > 0;
    });
    await checkScreen('asset-general');
    // Keyboard: the Actions menu opens with Enter, closes with Escape, and focus comes back visibly to its button.
    await page.focus('button[data-asset-actions]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"][data-state="open"]', { visible: true });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-asset-actions'));
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(ring).not.toBe('none');
    await saveScreenshot(page, 'dam-web-assets-keyboard-focus');
  });

  it('edits the metadata, asking before unsaved edits are lost', async () => {
    await fill('description', 'First light over the eastern hills.');
    await fill('keywords', 'landscape, morning, sunrise');
    // Leaving with unsaved edits asks; saying no keeps the screen and the edits.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (prompt) => {
        resolve(prompt.message());
        void prompt.dismiss();
      }),
    );
    await page.locator('nav[aria-label="Working sets"] ::-p-text(Carts)').click();
    expect(await asked).toBe('You have unsaved changes. Leave this page and lose them?');
    expect(page.url()).toContain(`#/asset/${ids['dawn.jpg']}`);
    await button('Save').click();
    await seeText('Saved.');
    const saved = (await (await apiAs('carlos')).get(`/assets/${ids['dawn.jpg']}`)).body;
    expect(saved.description).toBe('First light over the eastern hills.');
    expect(saved.keywords).toEqual(['landscape', 'morning', 'sunrise']);
  });

  it('shows the extended view: every metadata field the file carries', async () => {
    await page.locator('aria/Extended[role="tab"]').click();
    await page.waitForSelector('input[aria-label="Filter fields"]', { visible: true });
    const rows = await page.$$eval('table tbody tr', (elements) => elements.length);
    expect(rows).toBeGreaterThan(5);
    await page.locator('input[aria-label="Filter fields"]').fill('Title');
    await page.waitForSelector('table tbody tr ::-p-text(Dawn over the hills)');
    expect(await page.$$eval('table tbody tr', (elements) => elements.length)).toBeLessThan(rows);
    await checkScreen('asset-extended');
  });

  it('checks out: a second user sees the holder and cannot edit; check-in makes a version', async () => {
    await go(`#/asset/${ids['dawn.jpg']}`);
    await seeHeading('Dawn over the hills');
    await actions('Check out');
    await seeText('Checked out by carlos');
    await seeText('You have this asset checked out. Check it in to make a new version.');
    await checkScreen('asset-checked-out');

    const adminContext = await browser.createBrowserContext();
    const admin = await openPage(adminContext);
    await logIn(admin, 'admin', ADMIN_PASSWORD);
    await go(`#/asset/${ids['dawn.jpg']}`, admin);
    await seeHeading('Dawn over the hills', admin);
    await seeText('Checked out by carlos', admin);
    await admin.waitForSelector('::-p-text(It cannot be edited until it is checked in.)');
    expect(await admin.$eval('input[name="name"]', (input) => (input as HTMLInputElement).readOnly)).toBe(
      true,
    );
    expect(await admin.$('button[type="submit"] ::-p-text(Save)')).toBeNull();
    const adminItems = await menuItems('button[data-asset-actions]', admin);
    expect(adminItems).toContainEqual({ text: 'Rename…', disabled: true });
    expect(adminItems).toContainEqual({ text: 'Delete to trash', disabled: true });
    expect(adminItems.map((item) => item.text)).toContain('Break the lock (administrator)');
    expect(adminItems.map((item) => item.text)).not.toContain('Check out');
    await checkScreen('asset-locked-for-others', admin);
    await closeMenu(admin);
    // The server holds the lock too: the admin's edit is refused with the R-IN-USE in-use message.
    const refused = await (await apiAs('admin', ADMIN_PASSWORD)).put(`/assets/${ids['dawn.jpg']}`, {
      name: 'x',
    });
    expect(refused.status).toBe(409);

    await actions('Check in…');
    await dialog();
    await page.select('select[name="category"]', 'Named');
    await button('Check in').click();
    await seeText(ASSET_MESSAGES.nameRequired);
    await fill('name', 'Warmer grade');
    await fill('comment', 'Colour graded for print');
    await fill('message', 'Ready for review');
    await checkScreen('check-in-dialog');
    await button('Check in').click();
    await seeText('Checked in as version 2.');
    await noBackdrop();
    // The admin's screen sees the lock end by itself (it polls while the asset is checked out).
    await admin.waitForFunction(() => !document.querySelector('[data-lock-badge]'), { timeout: 15_000 });
    expect(await admin.$eval('input[name="name"]', (input) => (input as HTMLInputElement).readOnly)).toBe(
      false,
    );
    await go(`#/asset/${ids['dawn.jpg']}?tab=versions`, admin);
    await admin.waitForSelector('tr[data-version="2"] ::-p-text(Warmer grade)');
    await admin.waitForSelector('tr[data-version="2"] ::-p-text(Ready for review)');
    await adminContext.close();
  });

  it('lets an administrator break another person’s lock', async () => {
    const adminContext = await browser.createBrowserContext();
    const admin = await openPage(adminContext);
    await logIn(admin, 'admin', ADMIN_PASSWORD);
    await go(`#/asset/${ids['poster.jpg']}`, admin);
    await seeText('Checked out by carlos', admin);
    await actions('Break the lock (administrator)', admin);
    await seeText('Check-out cancelled.', admin);
    await admin.waitForFunction(() => !document.querySelector('[data-lock-badge]'));
    expect((await (await apiAs('carlos')).get(`/assets/${ids['poster.jpg']}`)).body.checkedOutBy).toBeNull();
    await adminContext.close();
  });

  it('compares two versions side by side: both renditions and the metadata that differs', async () => {
    await go(`#/asset/${ids['hero.jpg']}?tab=versions`);
    await page.waitForSelector('tr[data-version="2"] ::-p-text(Approved copy)');
    await checkScreen('asset-versions');
    await tick('Pick version 1 to compare');
    await tick('Pick version 2 to compare');
    await button('Compare').click();
    await seeHeading('Version compare: 1 and 2');
    expect(page.url()).toContain(`#/asset/${ids['hero.jpg']}/compare?left=1&right=2`);
    await seeText('Metadata that differs');
    await seeText('Hero banner for the spring campaign, approved copy.');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLImageElement>('img[alt^="Rendition of version"]')].filter(
          (image) => image.complete && image.naturalWidth > 0,
        ).length === 2,
    );
    await checkScreen('compare');
  });

  it('moves a file to another folder, and refuses a name already taken there', async () => {
    await go(`#/asset/${ids['dusk.jpg']}`);
    await seeHeading('Dusk at the lake');
    await actions('Move or Copy…');
    await dialog();
    // The folder the asset is in cannot be picked.
    await page.waitForSelector('::-p-text(already here)');
    await page.locator('label ::-p-text(City)').click();
    await checkScreen('move-copy-dialog');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('Moved 1 to City.');
    await seeText('Library/Photos/City/dusk.jpg');
    await noBackdrop();

    await actions('Rename…');
    await dialog();
    await fill('fileName', 'night-street.jpg');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText(ASSET_MESSAGES.assetFilenameExists);
    await checkScreen('rename-dialog');
    await fill('fileName', 'dusk-lake.jpg');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('Renamed to dusk-lake.jpg.');
    await noBackdrop();
  });

  it('deletes to the trash and restores from there', async () => {
    await actions('Delete to trash');
    await dialog();
    await checkScreen('delete-dialog');
    await button('Delete to trash').click();
    await seeText('"dusk-lake.jpg" is in the trash.');
    await checkScreen('asset-in-trash');
    // The header's Trash lists it too, with its own Restore.
    await page.locator('button[data-trash-button]').click();
    await page.waitForSelector('[data-trashed="dusk-lake.jpg"]', { visible: true });
    await checkScreen('trash-dialog');
    await page.keyboard.press('Escape');
    await noBackdrop();
    await button('Restore from trash').click();
    await seeText('"dusk-lake.jpg" is back in its folder.');
    await seeHeading('Dusk at the lake');
  });

  it('builds a cart: a required, unique name; add by search; remove; the cart menu', async () => {
    await go('#/carts');
    await seeText('You have no carts yet.');
    await checkScreen('carts-empty');
    await page.locator('main ::-p-text(New cart)').click();
    await dialog();
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText(ASSET_MESSAGES.cartNameRequired);
    await fill('name', 'Print run');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('This cart is empty.');
    await noBackdrop();
    await fill('cartSearch', 'landscape');
    await button('Add').click();
    await seeText('Added 3 asset(s) to Print run.');
    await page.waitForSelector(`tr[data-asset-id="${ids['dawn.jpg']}"]`);
    // The same name again is refused (R-CART-NAME: required and unique).
    await page.locator('main ::-p-text(New cart)').click();
    await dialog();
    await fill('name', 'print run');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText(ASSET_MESSAGES.cartNameUnique);
    await checkScreen('cart-name-dialog');
    await page.keyboard.press('Escape');
    await noBackdrop();
    await tick('Select Green meadow');
    await button('Remove selected (1)').click();
    await seeText('Removed 1 asset(s) from the cart.');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-asset-id]').length === 2);
    await checkScreen('carts');
    const items = await menuItems('button[data-cart-menu]');
    expect(items.map((item) => item.text)).toEqual([
      'Rename cart…',
      'Delete cart',
      'Prepare download (Loading Dock)',
      'Contact sheet/PDF…',
      'Add to collection…',
      'Bulk Edit…',
      // Carlos's role may share externally and download, which the entry asks for (R-SHARE).
      'Share…',
      // The transfer integration's entry: its Download dialog offers the Standard Download without the client.
      'Rapid Download',
    ]);
    await checkScreen('cart-menu');
    await closeMenu();
    const carts = (await (await apiAs('carlos')).get('/carts')).body;
    expect(carts).toEqual([expect.objectContaining({ name: 'Print run', assetCount: 2 })]);
    expect(CART_MAX_ASSETS).toBe(1000);
  });

  it('bulk edits the cart and makes a contact sheet of it', async () => {
    await page.locator('button[data-cart-menu]').click();
    await page.locator('aria/Bulk Edit…[role="menuitem"]').click();
    await dialog();
    await fill('addKeywords', 'print');
    await checkScreen('bulk-edit-dialog');
    await button('Apply to 2').click();
    await seeText('Updated 2 asset(s).');
    expect((await (await apiAs('carlos')).get(`/assets/${ids['dawn.jpg']}`)).body.keywords).toContain(
      'print',
    );
    await noBackdrop();

    await page.locator('button[data-cart-menu]').click();
    await page.locator('aria/Contact sheet/PDF…[role="menuitem"]').click();
    await dialog();
    await checkScreen('contact-sheet-dialog');
    const pdf = page.waitForResponse((response) => response.url().endsWith('/api/v1/contact-sheet'));
    await button('Make the PDF').click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    await seeText('Contact sheet of 2 asset(s) downloaded.');
    await noBackdrop();
  });

  it('builds a collection with every field, opens it and removes an asset', async () => {
    await page.locator('button[data-cart-menu]').click();
    await page.locator('aria/Add to collection…[role="menuitem"]').click();
    await dialog();
    await page.select('select[name="collection"]', 'new');
    await fill('name', 'Print picks');
    await checkScreen('add-to-collection-dialog');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('Added 2 asset(s) to Print picks.');
    await noBackdrop();

    await go('#/collections');
    await seeHeading('Collections');
    await page.waitForSelector('tr[data-collection="Spring campaign"]');
    await page.locator('aria/Edit collection Print picks').click();
    await page.waitForSelector('[role="dialog"] input[name="name"]', { visible: true });
    await fill('description', 'Pictures for the printed catalogue');
    await page.locator('label ::-p-text(Public)').click();
    await page.locator('label ::-p-text(Modifiable: others)').click();
    const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
    await page.$eval(
      'input[name="expiry"]',
      (input, value) => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      nextYear,
    );
    await checkScreen('collection-editor');
    // The "Added 2 asset(s)" toast is most often still on screen here: it must not sit over the drawer's Save button.
    await clearOfToasts('[role="dialog"] button[type="submit"]');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('Print picks saved.');
    await noBackdrop();
    const saved = (await (await apiAs('carlos')).get('/collections')).body.find(
      (each: { name: string }) => each.name === 'Print picks',
    );
    expect(saved).toMatchObject({
      description: 'Pictures for the printed catalogue',
      public: true,
      modifiable: true,
      expiresAt: `${nextYear}T00:00:00.000Z`,
      owner: 'carlos',
      assetCount: 2,
    });
    await checkScreen('collections');

    await page.locator('aria/Open the collection Print picks').click();
    await seeHeading('Print picks');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-asset-id]').length === 2);
    await tick('Select Dawn over the hills');
    await button('Remove selected (1)').click();
    await seeText('Removed 1 asset(s) from the collection.');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-asset-id]').length === 1);
    await checkScreen('collection');
  });

  it('adds an asset to the cart and the collection from the Asset View', async () => {
    await go(`#/asset/${ids['night-street.jpg']}`);
    await seeHeading('Night street');
    await actions('Add to cart…');
    await dialog();
    await checkScreen('add-to-cart-dialog');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('Added 1 asset(s) to Print run.');
    await noBackdrop();
    const items = await menuItems('button[data-asset-actions]');
    expect(items.map((item) => item.text)).toEqual(
      expect.arrayContaining([
        'Download original',
        'Prepare download (Loading Dock)',
        'Web JPEG (72 dpi)',
        'TIFF (300 dpi)',
      ]),
    );
    await checkScreen('asset-actions-menu');
    await closeMenu();
  });

  it('prepares a cart in the Loading Dock, shows it ready, delivers it by Standard Download (bytes compared) and sees it emptied 10 s later', async () => {
    await go('#/loading-dock');
    await seeHeading('Loading Dock');
    await seeText('Nothing in the Loading Dock.');
    // A cart larger than the dock takes gets the R-DOCK-LIMITS message.
    const { db } = site.runtime.services;
    const street = ids['night-street.jpg'] as number;
    const { size } = await db
      .selectFrom('assets')
      .select('size')
      .where('id', '=', street)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('assets')
      .set({ size: 30 * 1024 ** 3 })
      .where('id', '=', street)
      .execute();
    await button('Prepare download').click();
    await seeText(ASSET_MESSAGES.loadingDockTooLarge);
    await checkScreen('loading-dock-too-large');
    await db.updateTable('assets').set({ size }).where('id', '=', street).execute();
    await button('Prepare download').click();
    await seeText('Prepared 3 file(s) in the Loading Dock.');
    await page.waitForSelector('[data-dock][data-state="ready"]', { timeout: 30_000 });
    await button('Show files').click();
    await seeText('dawn.jpg');
    await checkScreen('loading-dock');
    // Standard Download (HTTP): the browser's own download of the dock as one zip, its bytes the originals'.
    const carlos = await apiAs('carlos');
    const [dock] = (await carlos.get('/loading-dock')).body;
    expect(dock.files).toHaveLength(3);
    const downloads = await mkdtemp(join(tmpdir(), 'rapid-dam-dock-http-'));
    const cdp = await page.createCDPSession();
    // Carlos's page lives in a browser context of its own: the download behaviour is set for that context.
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      browserContextId: carlosContext.id,
    });
    await button(TRANSFER_MESSAGES.standardDownload).click();
    const zipName = `download-${dock.loadingDockId}.zip`;
    await eventually(async () => (await readdir(downloads)).includes(zipName), 30_000);
    const zip = join(downloads, zipName);
    const { storageRoot } = site.runtime.services.config;
    for (const item of dock.items as { fileName: string; assetId: number }[]) {
      const { path } = await db
        .selectFrom('assets')
        .select('path')
        .where('id', '=', item.assetId)
        .executeTakeFirstOrThrow();
      const inside = execFileSync('unzip', ['-p', zip, item.fileName]);
      expect(inside.equals(await readFile(join(storageRoot, path))), item.fileName).toBe(true);
    }
    // R-DOCK-CLEANUP: ten seconds after its last byte left, the dock is emptied.
    const delivered = Date.now();
    await page.waitForSelector('[data-dock][data-state="done"]', { timeout: 30_000 });
    expect(Date.now() - delivered).toBeGreaterThan(5_000);
    expect(existsSync(join(storageRoot, 'LoadingDock', dock.notificationId))).toBe(false);
    await checkScreen('loading-dock-delivered');
    const docks = (await carlos.get('/loading-dock')).body;
    expect(docks).toEqual([expect.objectContaining({ state: 'done', files: expect.any(Array) })]);
    await rm(downloads, { recursive: true, force: true });
  }, 90_000);

  it('converts an image in the Loading Dock by the "Web JPEG 2000 px sRGB" preset: converting, then ready, and delivered by Standard Download', async () => {
    const { services } = site.runtime;
    const { storageRoot } = services.config;
    const carlos = await apiAs('carlos');
    // A large picture, so its conversion lasts long enough to be seen converting.
    const folder = dirname((await carlos.get(`/assets/${ids['dawn.jpg']}`)).body.path as string);
    const path = `${folder}/panorama.jpg`;
    await sharp({ create: { width: 12000, height: 9000, channels: 3, background: '#3366aa' } })
      .jpeg({ quality: 95 })
      .toFile(join(storageRoot, path));
    const { id: assetId } = await ingestFile(services, path);
    const presets = (await carlos.get('/conversion-presets')).body as { id: number; name: string }[];
    const webJpeg = presets.find((preset) => preset.name === 'Web JPEG 2000 px sRGB')?.id;
    expect(webJpeg).toBeDefined();
    const prepared = await carlos.post('/loading-dock', { items: [{ assetId, presetId: webJpeg }] });
    expect(prepared.status).toBe(201);
    const { notificationId, loadingDockId } = prepared.body;
    const entry = `[data-dock="${notificationId}"]`;
    // R-DOCK-PLACE: the request answered at once; the dock's job converts. Its states, as the server tells them.
    const seen = new Set<string>([prepared.body.state]);
    const watching = eventually(async () => {
      const { state } = (await carlos.get(`/loading-dock/${notificationId}`)).body;
      seen.add(state);
      return state === 'ready' || state === 'failed';
    }, 90_000);
    // Asked for outside the page (the Convert dialog has its component tests): the page reads its docks afresh.
    await go('#/loading-dock');
    await page.reload();
    await page.waitForSelector(`${entry}[data-state="ready"]`, { timeout: 90_000 });
    await watching;
    expect([...seen]).toContain('converting');
    expect([...seen].pop()).toBe('ready');
    await checkScreen('loading-dock-converted');
    const dock = (await carlos.get(`/loading-dock/${notificationId}`)).body;
    expect(dock.items).toEqual([
      expect.objectContaining({ state: 'placed', fileName: 'panorama (Web JPEG 2000 px sRGB).jpg' }),
    ]);

    const downloads = await mkdtemp(join(tmpdir(), 'rapid-dam-dock-converted-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      browserContextId: carlosContext.id,
    });
    await page.locator(`${entry} ::-p-aria(${TRANSFER_MESSAGES.standardDownload}[role="button"])`).click();
    const zipName = `download-${loadingDockId}.zip`;
    await eventually(async () => (await readdir(downloads)).includes(zipName), 30_000);
    const inside = execFileSync('unzip', ['-p', join(downloads, zipName), dock.items[0].fileName]);
    expect(await sharp(inside).metadata()).toMatchObject({ format: 'jpeg', space: 'srgb', width: 2000 });
    expect(inside.equals(await readFile(join(storageRoot, dock.files[0])))).toBe(true);
    await page.waitForSelector(`${entry}[data-state="done"]`, { timeout: 30_000 });
    await rm(downloads, { recursive: true, force: true });
  }, 180_000);

  it('hides the download entries from a role without the download gates (R-DOWNLOAD-GATE)', async () => {
    const admin = await apiAs('admin', ADMIN_PASSWORD);
    const acl = await admin.post('/admin/acls', {
      name: 'Library (look only)',
      rootPath: 'Library',
      permissions: ['facet browsing', 'file actions'],
    });
    expect(acl.status).toBe(201);
    const password = 'Look-Only-Password-9';
    const user = await admin.post('/admin/users', {
      username: 'lou',
      password,
      profile: { email: 'lou@dam.example', firstName: 'Lou' },
      aclIds: [acl.body.id],
    });
    expect(user.status).toBe(201);
    const context = await browser.createBrowserContext();
    const lou = await openPage(context);
    await logIn(lou, 'lou', password);
    await go(`#/asset/${ids['night-street.jpg']}`, lou);
    await seeHeading('Night street', lou);
    const items = (await menuItems('button[data-asset-actions]', lou)).map((item) => item.text);
    expect(items).toContain('Add to cart…');
    for (const hidden of ['Download original', 'Prepare download (Loading Dock)', 'Web JPEG (72 dpi)'])
      expect(items).not.toContain(hidden);
    await checkScreen('asset-menu-no-download', lou);
    await closeMenu(lou);
    await go('#/loading-dock', lou);
    await seeText('You do not have permission to do this action.', lou);
    expect(await lou.$('::-p-text(Prepare download)')).toBeNull();
    await context.close();

    // Ellen has quickDownload only: the loading dock, but neither the original nor the print outputs.
    const ellenContext = await browser.createBrowserContext();
    const ellen = await openPage(ellenContext);
    await logIn(ellen, 'ellen', demoPassword(site, 'ellen'));
    await go(`#/asset/${ids['night-street.jpg']}`, ellen);
    await seeHeading('Night street', ellen);
    const ellenItems = (await menuItems('button[data-asset-actions]', ellen)).map((item) => item.text);
    expect(ellenItems).toContain('Prepare download (Loading Dock)');
    expect(ellenItems).not.toContain('Download original');
    expect(ellenItems).not.toContain('TIFF (300 dpi)');
    expect(ellenItems).not.toContain('Check out');
    await closeMenu(ellen);
    await ellenContext.close();
  });

  it('plays the video’s web preview, and draws in dark mode at 768 px', async () => {
    await go(`#/asset/${ids['teaser.mp4']}`);
    await page.waitForSelector('video[aria-label^="Preview of"]', { visible: true, timeout: 30_000 });
    const narrow = await openPage(carlosContext, 768, 1000);
    await go('#/', narrow);
    await narrow.evaluate(() => window.localStorage.setItem('rapid-dam.color-mode', 'dark'));
    await go(`#/asset/${ids['hero.jpg']}`, narrow);
    await narrow.reload();
    await seeHeading('Spring hero banner', narrow);
    await narrow.waitForFunction(() => document.documentElement.classList.contains('dark'));
    const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(768);
    await checkScreen('asset-768-dark', narrow);
    await go('#/carts', narrow);
    await narrow.waitForSelector('tr[data-asset-id]');
    await checkScreen('carts-768-dark', narrow);
    await go('#/collections', narrow);
    await narrow.waitForSelector('tr[data-collection]');
    await checkScreen('collections-768-dark', narrow);
    await narrow.evaluate(() => window.localStorage.setItem('rapid-dam.color-mode', 'light'));
    await narrow.close();
  });

  it('adds the first 1000 of a larger selection to a cart, with the spec’s message', async () => {
    const { db } = site.runtime.services;
    const folderId = await ensureFolderRow(db, 'Library/Bulk');
    const rows = await db
      .insertInto('assets')
      .values(
        Array.from({ length: CART_MAX_ASSETS + 1 }, (_, index) => {
          const name = `bulk-${String(index).padStart(4, '0')}.jpg`;
          return {
            folder_id: folderId,
            path: `Library/Bulk/${name}`,
            name,
            file_name: name,
            size: 100,
            content_hash: `bulk-${index}`,
            date_created: new Date(),
            keywords: ['bulk'],
          };
        }),
      )
      .returning('id')
      .execute();
    const carlos = await apiAs('carlos');
    const collection = (await carlos.post('/collections', { name: 'Everything in bulk' })).body;
    await carlos.post(`/collections/${collection.id}/assets`, { ids: rows.map((row) => row.id) });
    await go(`#/collections/${collection.id}`);
    await seeHeading('Everything in bulk');
    await page.waitForFunction(
      (count) => document.querySelectorAll('tr[data-asset-id]').length === count,
      {},
      CART_MAX_ASSETS + 1,
    );
    await button('Add all to cart').click();
    await dialog();
    await page.select('select[name="cart"]', 'new');
    await fill('name', 'Big order');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText(`Added ${CART_MAX_ASSETS} asset(s) to Big order.`);
    await seeText(CART_FULL_NOTICE);
    await checkScreen('cart-full-notice');
    const carts = (await carlos.get('/carts')).body;
    expect(carts).toContainEqual(expect.objectContaining({ name: 'Big order', assetCount: CART_MAX_ASSETS }));
  });

  it('raised no page errors and no CSP violations', () => {
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
