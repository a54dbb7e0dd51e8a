import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSET_MESSAGES } from '@rapid/dam-app/api/asset-messages';
import { MESSAGES } from '@rapid/dam-app/api/messages';
import type { Browser, KeyInput, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  type DamWebSite,
  launchChromium,
  openLibraryFromHome,
  pageAfterFailure,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';

// The library screens (Places tree, folder views, search, saved searches, taxonomy, folder operations) in real
// Chromium against the real DAM server on PGlite with the demo's assets. axe-core checks every screen; each is
// saved as dam-web-library-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await startDamWebSite({ content: true });
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

async function openPage(width = 1280, height = 900): Promise<Page> {
  const next = await withInstallPromptClosed(await browser.newPage());
  await next.setViewport({ width, height });
  next.on('pageerror', (error) => pageErrors.push(String(error)));
  return next;
}

const { go, seeText, seeHeading, button, menuItem, checkScreen } = screenSteps(
  'dam-web-library',
  () => site,
  () => page,
);
const hash = (target = page) => target.evaluate(() => window.location.hash);
const noBackdrop = (target = page) =>
  target.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });
const focusedFolder = () =>
  page.evaluate(() => (document.activeElement as HTMLElement).getAttribute('data-folder-id'));
/** Presses a key in the tree and waits for the focus to reach the named folder. */
async function treeKey(key: KeyInput, name: string) {
  await page.keyboard.press(key);
  await page.waitForFunction(
    (expected) => document.activeElement?.querySelector('p')?.textContent === expected,
    { timeout: 5_000 },
    name,
  );
}

/** The assets the list shows, in order (their names, from the options' first line). */
const optionNames = (target = page) =>
  target.$$eval('[role="listbox"] [role="option"]', (options) =>
    options.map((option) => option.getAttribute('data-asset-name') ?? ''),
  );
const resultCount = () => page.$eval('[data-result-count]', (element) => element.textContent ?? '');

async function logIn(login: string, password: string) {
  await signIn(page, site, login, password);
  await page.waitForSelector('[role="tree"] [role="treeitem"]', { visible: true, timeout: SCREEN_WAIT_MS });
}

async function logOut() {
  await noBackdrop();
  await page.locator('button[data-user-menu]').click();
  await menuItem('Log out').click();
  await seeHeading('Log in');
}

async function openFolder(path: string) {
  const tree: { root: { id: number; path: string }; folders: { id: number; path: string }[] } =
    await page.evaluate(() => fetch('/api/v1/folders/tree').then((answer) => answer.json()));
  const folder = [tree.root, ...tree.folders].find((each) => each.path === path);
  if (!folder) throw new Error(`no folder ${path}`);
  await go(`#/folder/${folder.id}`);
  await page.waitForSelector(`[role="listbox"], ::-p-text(${quoted('This folder holds no assets')})`, {
    visible: true,
    timeout: 15_000,
  });
  return folder.id;
}

/** Where the tests before left the page; opened again when one of them failed, so it does not fail the next too. */
async function inLandscapes() {
  if (!(await page.$('[role="treeitem"][aria-selected="true"] ::-p-text(Landscapes)')))
    await openFolder('Library/Photos/Landscapes');
}

/**
 * Escape closes an open menu; its portalled positioner leaves with its closing animation, and only then is the page
 * whole again. On a busy machine the key can come before the menu has taken focus (and goes nowhere), so it is
 * pressed again with focus on the menu's item, as a person would press it again.
 */
async function closeMenu() {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.keyboard.press('Escape');
    const closed = await page
      .waitForSelector('[role="menuitem"]', { hidden: true, timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return;
    await page.focus('[role="menuitem"]').catch(() => {});
  }
  throw new Error('the menu did not close on Escape');
}

describe('DAM web app: browsing and searching the library in Chromium', () => {
  it('lands on Home, opens the ACL root folder from it and browses the Places tree with the keyboard', async () => {
    await logIn('admin', ADMIN_PASSWORD);
    // R-HOME: the default workspace opens on Home, which links to the library's root.
    await seeHeading('Home');
    await openLibraryFromHome(page);
    await seeHeading('Library');
    await seeText('This folder holds no assets');
    await checkScreen('home');

    const root = await page.$eval('[role="treeitem"][aria-level="1"]', (item) =>
      item.getAttribute('data-folder-id'),
    );
    expect(await page.$eval(`[data-folder-id="${root}"]`, (item) => item.getAttribute('aria-selected'))).toBe(
      'true',
    );
    await page.focus(`[data-folder-id="${root}"]`);
    await treeKey('ArrowDown', 'Marketing');
    await treeKey('ArrowDown', 'Photos');
    await treeKey('ArrowRight', 'Photos'); // opens Photos
    await page.waitForSelector('[role="treeitem"][aria-level="3"]', { visible: true });
    await treeKey('ArrowRight', 'City'); // into its first child
    await treeKey('ArrowDown', 'Landscapes');
    await treeKey('ArrowLeft', 'Photos'); // to the parent
    await treeKey('End', 'Public');
    await treeKey('Home', 'Library');
    expect(await focusedFolder()).toBe(root);
    // Down to Landscapes and Enter: its assets open, and the tree highlights it.
    await treeKey('ArrowDown', 'Marketing');
    await treeKey('ArrowDown', 'Photos');
    await treeKey('ArrowDown', 'City');
    await treeKey('ArrowDown', 'Landscapes');
    await page.keyboard.press('Enter');
    await seeHeading('Landscapes');
    await page.waitForSelector('[role="option"]', { visible: true });
    const current = await page.$eval('[role="treeitem"][aria-selected="true"]', (item) =>
      item.textContent?.trim(),
    );
    expect(current).toBe('Landscapes');
    // The focus ring of the tree item is visible.
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
  });

  it('shows a folder in the Tile, List, Calendar and Text views, kept in the route, sorted by any field', async () => {
    await inLandscapes();
    await seeText('3 assets');
    expect(await optionNames()).toEqual(['Dawn over the hills', 'Dusk at the lake', 'Green meadow']);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="option"] img')].every(
          (img) => (img as HTMLImageElement).naturalWidth > 0,
        ),
      { timeout: 60_000 },
    );
    await checkScreen('folder-tile');

    await button('List').click();
    await page.waitForSelector('[role="listbox"][data-layout="list"]');
    expect(await hash()).toMatch(/\?view=list$/);
    await seeText('JPEG');
    await checkScreen('folder-list');

    await button('Text').click();
    await page.waitForSelector('[role="listbox"][data-layout="text"]');
    expect(await hash()).toMatch(/\?view=text$/);
    await checkScreen('folder-text');

    await button('Calendar').click();
    expect(await hash()).toMatch(/\?view=calendar$/);
    await seeText('Pick a period above to see its assets.');
    await page.locator('button[aria-pressed="false"] ::-p-text(3 assets)').click();
    await page.waitForSelector('[role="listbox"] [role="option"]', { visible: true });
    expect(await optionNames()).toHaveLength(3);
    await checkScreen('folder-calendar');

    // Reloading keeps the view; sort by name the other way round, then by size.
    await page.reload();
    await page.waitForSelector('button[aria-pressed="true"] ::-p-text(Calendar)');
    await button('Tile').click();
    await page.waitForSelector('[role="listbox"][data-layout="tile"]');
    await page.select('select[aria-label="Sort order"]', 'desc');
    await page.waitForFunction(
      () => document.querySelector('[role="option"]')?.getAttribute('data-asset-name') === 'Green meadow',
      { timeout: 10_000 },
    );
    expect(await optionNames()).toEqual(['Green meadow', 'Dusk at the lake', 'Dawn over the hills']);
    await page.select('select[aria-label="Sort by"]', 'size');
    await page.waitForSelector('[role="option"]', { visible: true });
    expect(await optionNames()).toHaveLength(3);
    await page.select('select[aria-label="Sort by"]', 'name');
    await page.select('select[aria-label="Sort order"]', 'asc');
    await page.waitForFunction(
      () =>
        document.querySelector('[role="option"]')?.getAttribute('data-asset-name') === 'Dawn over the hills',
    );
  });

  it('multi-selects with click, shift-click, ctrl-click, the keyboard and a CSV', async () => {
    const selected = () =>
      page.$$eval('[role="option"][aria-selected="true"]', (items) =>
        items.map((item) => item.getAttribute('data-asset-name')),
      );
    await inLandscapes();
    const checks = await page.$$('[role="option"] [data-check]');
    await checks[0]?.click();
    expect(await selected()).toEqual(['Dawn over the hills']);
    await page.keyboard.down('Shift');
    await checks[2]?.click();
    await page.keyboard.up('Shift');
    expect(await selected()).toHaveLength(3);
    expect(await resultCount()).toContain('3 selected');
    await page.keyboard.down('Control');
    await (await page.$$('[role="option"]'))[1]?.click();
    await page.keyboard.up('Control');
    expect(await selected()).toEqual(['Dawn over the hills', 'Green meadow']);
    await checkScreen('folder-selection');

    // Keyboard: the listbox takes focus, Space toggles, Ctrl+A selects all, Enter opens the active asset.
    await page.focus('[role="listbox"]');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    expect(await selected()).toHaveLength(3);
    await page.keyboard.press(' ');
    expect(await selected()).toHaveLength(2);
    await button('Asset actions').click();
    await menuItem('Clear the selection').click();
    expect(await selected()).toEqual([]);

    // Bulk Select by CSV: ids and file names in the first column; what matches nothing is reported.
    const ids = await page.$$eval('[role="option"]', (items) =>
      items.map((item) => item.getAttribute('data-asset-id')),
    );
    const csv = join(tmpdir(), `bulk-${Date.now()}.csv`);
    await writeFile(csv, `${ids[1]}\nmeadow.jpg\nno-such-file.jpg\n`);
    await noBackdrop();
    const [chooser] = await Promise.all([
      page.waitForFileChooser(),
      (async () => {
        await button('Asset actions').click();
        await menuItem('Bulk Select (CSV)…').click();
      })(),
    ]);
    await chooser.accept([csv]);
    await seeText('2 assets selected from the file.');
    await seeText('Not found: no-such-file.jpg');
    expect(await selected()).toEqual(['Dusk at the lake', 'Green meadow']);

    // The selection goes to the asset screens' dialogs: here, into a new cart.
    await noBackdrop();
    await button('Asset actions').click();
    await menuItem('Move or Copy…').wait();
    await menuItem('Add to cart…').click();
    await page.waitForSelector('select[name="cart"]', { visible: true });
    await page.select('select[name="cart"]', 'new');
    await page.locator('input[name="name"]').fill('Lake and meadow');
    await checkScreen('selection-add-to-cart');
    await button('Add').click();
    await seeText('Added 2 asset(s) to Lake and meadow.');

    await page.focus('[role="listbox"]');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => window.location.hash === `#/asset/${id}`, {}, ids[0]);
    await page.goBack();
    await page.waitForSelector('[role="option"]', { visible: true });
  });

  it('searches from Quick Search, refines by a facet, saves the search and runs it again', async () => {
    await page.locator('input[aria-label="Quick Search"]').fill('landscape');
    await page.keyboard.press('Enter');
    await seeHeading('Results for “landscape”');
    expect(await hash()).toBe('#/search?q=landscape');
    await seeText('3 assets');
    await page.waitForSelector('[data-facet="keyword"][data-value="evening"]', { visible: true });
    await checkScreen('search');

    await page.locator('[data-facet="keyword"][data-value="evening"]').click();
    await seeText('1 asset');
    expect(await page.$('::-p-text(1 assets)')).toBeNull();
    expect(await optionNames()).toEqual(['Dusk at the lake']);
    await checkScreen('search-refined');

    await button('Save search').click();
    await page.locator('input[name="name"]').fill('Evening landscapes');
    await page.locator('textarea[name="description"]').fill('Landscapes at dusk');
    await page.locator('label ::-p-text(Public: everyone can run it)').click();
    await checkScreen('save-search');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('Evening landscapes saved.');
    await noBackdrop();

    // The same name again: the server's answer is shown beside the name.
    await button('Save search').click();
    await page.locator('input[name="name"]').fill('Evening landscapes');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText('A saved search with this name already exists.');
    await page.keyboard.press('Escape');
    await noBackdrop();

    await page.locator('a ::-p-text(Saved Searches)').click();
    await seeHeading('Saved Searches');
    await page.waitForSelector('[data-saved-search="Evening landscapes"]', { visible: true });
    await checkScreen('saved-searches');
    await page.locator('[data-saved-search="Evening landscapes"] a').click();
    await seeHeading('Evening landscapes');
    await seeText('1 asset');
    expect(await optionNames()).toEqual(['Dusk at the lake']);
  });

  it('runs an advanced search with the spec’s date options and aspect ratios, and a directory search', async () => {
    await go('#/search');
    await seeHeading('Search');
    await button('Advanced Search').click();
    const when = await page.$$eval('select[aria-label="When"] option', (options) =>
      options.map((o) => o.textContent),
    );
    expect(when).toEqual(
      expect.arrayContaining(['Last 5 days', 'Last 30 days', 'Today', 'Last full year', 'Last 12 months']),
    );
    await page.select('select[aria-label="When"]', 'last:30');
    await page.locator('label ::-p-text(16:9)').click();
    await button('Add a condition').click();
    await page.select('select[aria-label="Field of condition 1"]', 'name');
    await page.locator('input[aria-label="Value of condition 1"]').fill('campaign');
    await checkScreen('search-advanced');
    await page.locator('form[role="search"] button[type="submit"]').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-result-count]')?.textContent?.includes('assets'),
    );
    // The demo's pictures were all added today; none of them is named "campaign" in 16:9.
    await seeText('No assets match');
    await button('Remove condition 1').click();
    await page.locator('form[role="search"] button[type="submit"]').click();
    await page.waitForSelector('[role="option"]', { visible: true });

    // A "from" after "to": the schema's message beside the dates, and no request goes out.
    await page.select('select[aria-label="When"]', 'custom');
    // Chromium's date fields take the digits in the locale's order (en-US: month, day, year).
    await page.type('input[name="from"]', '03022024');
    await page.type('input[name="to"]', '03012024');
    await page.locator('form[role="search"] button[type="submit"]').click();
    await seeText('A range "from" must be smaller than "to".');

    const marketing = await openFolder('Library/Marketing');
    await page.locator('input[aria-label="Search in Marketing"]').fill('spring');
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => window.location.hash === `#/search?q=spring&in=${id}`, {}, marketing);
    await seeText('Only in Library/Marketing.');
    await page.waitForSelector('[role="option"]', { visible: true });
    expect(await optionNames()).toEqual(expect.arrayContaining(['Spring hero banner', 'Spring social post']));
    await checkScreen('directory-search');
  });

  it('browses the global keywords in the Taxonomy Browser', async () => {
    await go('#/taxonomy');
    await seeHeading('Taxonomy Browser');
    await page.waitForSelector('a ::-p-text(landscape)', { visible: true });
    await checkScreen('taxonomy');
    await page.locator('a ::-p-text(landscape)').click();
    await page.waitForSelector('[role="option"]', { visible: true });
    expect(await hash()).toBe('#/search?kw=landscape');
    expect(await optionNames()).toHaveLength(3);
  });

  it('creates, renames, moves and deletes a folder with the R-FOLDER-NAME, R-COPY-MOVE-DESTINATION rules and the server’s answers', async () => {
    const root = await openFolder('Library');
    await button('Folder Actions').click();
    await menuItem('New folder…').click();
    await page.locator('input[name="name"]').fill('bad:name');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText(ASSET_MESSAGES.folderNameRule);
    await page.locator('input[name="name"]').fill('Photos');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeText(ASSET_MESSAGES.directoryNameUnique);
    await checkScreen('folder-create-errors');
    await page.locator('input[name="name"]').fill('Archive');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeHeading('Archive');
    await page.waitForSelector('[role="treeitem"][aria-selected="true"] ::-p-text(Archive)');
    await noBackdrop();

    await button('Folder Actions').click();
    await menuItem('Rename…').click();
    await page.locator('input[name="name"]').fill('Archive 2024');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await seeHeading('Archive 2024');
    await noBackdrop();

    await button('Folder Actions').click();
    await menuItem('Move…').click();
    const options = await page.$$eval('select[name="destinationId"] option', (all) =>
      all.map((o) => o.textContent),
    );
    expect(options).not.toContain('Library'); // not onto its parent
    expect(options).not.toContain('Library/Archive 2024'); // nor onto itself
    const target = await page.$$eval(
      'select[name="destinationId"] option',
      (all) => all.find((o) => o.textContent === 'Library/Marketing')?.getAttribute('value') ?? '',
    );
    await page.select('select[name="destinationId"]', target);
    await checkScreen('folder-move');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await page.waitForSelector('::-p-text(Folder moved to Library/Marketing/Archive 2024.)');
    await noBackdrop();
    const trail = await page.$$eval('nav[aria-label="breadcrumb"] a', (links) =>
      links.map((a) => a.textContent),
    );
    expect(trail).toEqual(['Library', 'Marketing']);

    await button('Folder Actions').click();
    await menuItem('Delete…').click();
    await button('Delete').click();
    await seeHeading('Marketing');
    expect(await page.$('[role="treeitem"] ::-p-text(Archive 2024)')).toBeNull();
    expect(root).toBeGreaterThan(0);
  });

  it('shows people only what their permissions allow (R-PERMISSIONS)', async () => {
    await logOut();
    const ellen = site.logins.find((login) => login.username === 'ellen');
    await logIn('ellen', ellen?.password ?? '');
    await openFolder('Library/Photos');
    await button('Folder Actions').click();
    await page.waitForSelector('[role="menuitem"]', { visible: true });
    const entries = await page.$$eval('[role="menuitem"]', (items) =>
      items.filter((item) => (item as HTMLElement).offsetParent !== null).map((item) => item.textContent),
    );
    // Whoever sees a folder's assets may read their metadata (R-METADATA-EXPORT); nothing that changes them.
    expect(entries).toEqual(['Search in this folder', 'Export metadata…']);
    await closeMenu();
    await checkScreen('end-user-folder');
    await go('#/search?q=city');
    await page.waitForSelector('[data-facet="kind"]', { visible: true }); // facet browsing: yes
    await page.waitForSelector('a ::-p-text(Taxonomy Browser)', { visible: true });
    await logOut();

    const ivy = site.logins.find((login) => login.username === 'ivy');
    await logIn('ivy', ivy?.password ?? '');
    // R-HOME: Ivy lands on Home, which lists only the assets of her ACL (Public); its link opens that root.
    await seeHeading('Home');
    expect(await page.$eval('[data-home="library-uploads"]', (card) => card.textContent)).not.toContain(
      'Dawn',
    );
    await openLibraryFromHome(page);
    await seeHeading('Public');
    await go('#/search?q=logo');
    await page.waitForSelector('[role="option"]', { visible: true });
    expect(await page.$('a ::-p-text(Taxonomy Browser)')).toBeNull();
    await go('#/taxonomy');
    await seeText(MESSAGES.noPermission);
    await checkScreen('invited-taxonomy');
  });

  it('is usable at 768 px and in dark mode', async () => {
    const narrow = await openPage(768, 1000);
    await go('#/', narrow);
    await narrow.evaluate(() => localStorage.setItem('rapid-dam.color-mode', 'dark'));
    await go('#/search?q=logo', narrow);
    await narrow.reload();
    await narrow.waitForSelector('[role="option"]', { visible: true, timeout: SCREEN_WAIT_MS });
    await checkScreen('search-768-dark', narrow);
    await narrow.close();
    expect(pageErrors).toEqual([]);
  });
});
