import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '../../dam-app/api/transfer-messages.ts';
import { ingestFile } from '../../dam-app/server/assets/ingest.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { assertBuilt } from './harness/artifacts.ts';
import { type DamWebSite, SCREEN_WAIT_MS, startDamWebSite } from './harness/dam-web.ts';
import { writeJpeg, writePdf, writeRandom } from './harness/first-hour-files.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { saveScreenshot } from './harness/screenshot.ts';
import { startXvfb, type XDisplay } from './harness/x-display.ts';

// A newcomer's first hour (issue 24), in Chromium and in Firefox ESR: a fresh DAM, log in, upload three files with
// the real file chooser (zenity on a private Xvfb display, driven with xdotool), reload in the middle of the big one,
// see each file arrive in the open folder without navigating, find each by words of its name, download them with
// Rapid and as a zip, and a failed upload that says why. The page logs no error all along. Screens are saved as
// first-hour-<browser>-<step>.png.

const BIG = 150 * 1024 * 1024;
const q = (text: string) => JSON.stringify(text);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let x: XDisplay;
let dir = '';

beforeAll(async () => {
  await assertBuilt();
  x = await startXvfb();
  dir = await mkdtemp(join(tmpdir(), 'rapid-first-hour-'));
}, 60_000);
afterAll(async () => {
  await x?.close();
  await rm(dir, { recursive: true, force: true });
});

type Asset = { id: number; name: string; fileName: string; path: string; size: number };
type Folder = { id: number; path: string };

/**
 * What each file is and the words a person would search it by: the whole name, a word, the extension, a prefix. No
 * two names start alike: GTK's chooser would fill the common start into its location field, and "select all" would
 * then pick that half name.
 */
const FILES = [
  { fileName: 'Harbour-View.jpg', searches: ['Harbour-View.jpg', 'view', 'jpg', 'harb'] },
  { fileName: 'spring_brochure-2026.pdf', searches: ['spring_brochure-2026.pdf', 'brochure', 'pdf', 'spri'] },
  { fileName: 'master-150.bin', searches: ['master-150.bin', '150', 'bin', 'mast'] },
];
const [PHOTO, BROCHURE, MASTER] = FILES.map((each) => each.fileName) as [string, string, string];

describe.each(['chromium', 'firefox'] as const)('a newcomer’s first hour in %s', (family) => {
  let site: DamWebSite;
  let rapid: RapidBrowser;
  let page: Page;
  let home = '';
  let files: Record<string, string> = {};
  let folder: Folder;
  let uploaded: Asset[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    home = join(dir, family);
    await mkdir(join(home, 'Downloads'), { recursive: true });
    // Alone in their folder: "select all" in the chooser takes every entry shown.
    await mkdir(join(home, 'upload'));
    files = Object.fromEntries(FILES.map((each) => [each.fileName, join(home, 'upload', each.fileName)]));
    await writeJpeg(files[PHOTO] as string, family === 'chromium' ? 40 : 160);
    await writePdf(files[BROCHURE] as string);
    await writeRandom(files[MASTER] as string, BIG);
    site = await startDamWebSite();
    rapid = await launchRapidBrowser({ family, hostEnv: { ...x.env, HOME: home } });
    page = await rapid.browser.newPage();
    await page.setViewport({ width: 1280, height: 860 });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`page error: ${String(error)}`));
    page.on('dialog', (dialog) => void dialog.accept());
  }, 120_000);

  afterAll(async () => {
    await rapid?.close();
    await site?.close();
  });

  const go = (hash: string) => page.goto(new URL(hash, site.url).href);
  const shot = async (step: string) => {
    await pause(400); // dialogs and toasts settle
    await saveScreenshot(page, `first-hour-${family}-${step}`);
  };
  const mainText = () => page.$eval('#main', (element) => (element as HTMLElement).innerText);
  const seeText = (text: string, timeout = SCREEN_WAIT_MS) =>
    page.waitForSelector(`::-p-text(${q(text)})`, { visible: true, timeout });
  const noBackdrop = () =>
    page.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });

  /**
   * Clicks (with the mouse, as menus open on pointer events) the first visible `selector` whose text is `text`; again
   * when a re-render replaced the element between finding and clicking it.
   */
  const clickText = async (selector: string, text: string, timeout = 15_000) => {
    const end = Date.now() + timeout;
    for (;;) {
      const found = await page.waitForFunction(
        (css, label) =>
          [...document.querySelectorAll<HTMLElement>(css)].find(
            (each) => each.innerText?.trim() === label && each.offsetParent !== null,
          ),
        { timeout: Math.max(end - Date.now(), 1) },
        selector,
        text,
      );
      try {
        await (found as unknown as import('puppeteer-core').ElementHandle<HTMLElement>).click();
        return true;
      } catch (error) {
        if (Date.now() > end) throw error;
        await pause(200);
      }
    }
  };

  /** A call to the DAM API from the signed-in page (its cookie, its origin). */
  const apiCall = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    page.evaluate(
      async (url, method, body) => {
        const response = await fetch(url, {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return response.json();
      },
      `/api/v1${path}`,
      init.method ?? 'GET',
      init.body as never,
    ) as Promise<T>;
  const assetsIn = async (target: Folder) =>
    (await apiCall<{ items: Asset[] }>(`/folders/${target.id}/assets?limit=500`)).items;

  async function waitFor<T>(
    what: string,
    probe: () => Promise<T | undefined>,
    timeoutMs: number,
  ): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await pause(250);
    }
  }

  /** Create ▸ Quick Upload, once the client runs (as a person waits for it), until the Upload dialog shows. */
  async function quickUpload() {
    await page.waitForSelector('[data-testid="transfer-panel-toggle"][data-client-status="RUNNING"]', {
      timeout: 45_000,
    });
    for (let attempt = 0; ; attempt++) {
      await noBackdrop();
      await clickText('header button', `${en['shell.create']} ▾`);
      const item = await clickText('[role="menuitem"]', en['shell.quickUpload'], 3000).catch(() => null);
      const shown =
        item &&
        (await page
          .waitForSelector('[data-testid="upload-dialog"]', { visible: true, timeout: 5000 })
          .catch(() => null));
      if (shown) return;
      if (attempt === 3) throw new Error('the Upload dialog did not open');
      await page.keyboard.press('Escape');
    }
  }

  /** The client's own file chooser, answered by `steps`. */
  async function choose(steps: () => Promise<void>) {
    await clickText('[data-testid="upload-dialog"] button', TRANSFER_MESSAGES.chooseFile);
    await x.answer('^Select files$', steps);
  }

  it('logs in on a fresh DAM and opens a folder', async () => {
    const carlos = site.logins.find((each) => each.username === 'carlos');
    if (!carlos) throw new Error('no demo login carlos');
    await go('#/login');
    await page.locator('input[name="login"]').fill(carlos.username);
    await page.locator('input[name="password"]').fill(carlos.password);
    await shot('1-login');
    await page.locator('form button[type="submit"]').click();
    await page.waitForSelector('[data-testid="transfer-panel-toggle"]', { timeout: SCREEN_WAIT_MS });
    // The first time the site talks to the client, the client asks the person ("Allow" is the default button).
    await x.answer('^Allow this site to use Rapid', () => x.key('Return'));
    await page.waitForSelector('[data-testid="transfer-panel-toggle"][data-client-status="RUNNING"]', {
      timeout: 45_000,
    });
    const tree = await apiCall<{ root: Folder; folders: Folder[] }>('/folders/tree');
    folder = [tree.root, ...tree.folders].find((each) => each.path === 'Library/Marketing') as Folder;
    expect(folder).toBeDefined();
    await go(`#/folder/${folder.id}`);
    await seeText(en['folder.emptyTitle']);
    await shot('2-empty-folder');
  }, 90_000);

  it('uploads three files picked in the real chooser, through a reload in the middle of the big one', async () => {
    await quickUpload();
    await choose(async () => {
      await x.locate(`${join(home, 'upload')}/`);
      await x.key('Return'); // into the folder
      await pause(600);
      await x.key('ctrl+a');
      await x.key('Return');
    });
    for (const each of FILES) await seeText(each.fileName);
    await clickText(
      '[data-testid="upload-dialog"] label',
      `${TRANSFER_MESSAGES.currentDirectory} (Marketing)`,
    );
    await shot('3-upload-dialog');
    await clickText('[data-testid="upload-dialog"] button', TRANSFER_MESSAGES.upload);
    await page.waitForSelector('[data-testid="upload-progress-dialog"] li[data-state="uploading"]', {
      timeout: 30_000,
    });
    await shot('4-upload-progress');

    // The reload lands while the 150 MiB file is on its way; the transfer goes on and the page picks it up again.
    const before = await assetsIn(folder);
    expect(before.map((asset) => asset.fileName)).not.toContain(MASTER);
    await page.reload();
    await page.waitForSelector('[data-testid="upload-progress-dialog"]', { visible: true, timeout: 20_000 });
    await shot('5-after-reload');

    // Each file shows in the open folder, and its count follows, without navigating (the push channel).
    uploaded = await waitFor(
      'the three assets',
      async () => {
        const list = await assetsIn(folder);
        return list.length === FILES.length ? list : undefined;
      },
      120_000,
    );
    const countText = en['browse.count']
      .replace('{count}', String(FILES.length))
      .replace('{count|asset|assets}', 'assets');
    await waitFor(
      `the open folder to list the three files and say “${countText}”`,
      async () => {
        const shown = await mainText();
        return uploaded.every((asset) => shown.includes(asset.name)) && shown.includes(countText)
          ? true
          : undefined;
      },
      20_000,
    );
    // As many tiles as the count says (Firefox once said "3 assets" with 4 present).
    const text = await mainText();
    expect(text.match(/(\d+) assets?\b/)?.[1]).toBe(String(FILES.length));
    expect(await page.$$eval('#main .tile', (tiles) => tiles.length)).toBe(FILES.length);
    await shot('6-folder-with-uploads');

    // A file someone else adds while the person looks: the count and the tiles follow, with no page load.
    const loads = { count: 0 };
    const counted = () => {
      loads.count++;
    };
    page.on('load', counted);
    try {
      const late = join(site.runtime.services.config.storageRoot, folder.path, 'late-arrival.jpg');
      await writeJpeg(late, 90);
      await ingestFile(site.runtime.services, `${folder.path}/late-arrival.jpg`);
      await waitFor(
        'the open folder to show the late arrival',
        async () => ((await mainText()).includes('4 assets') ? true : undefined),
        20_000,
      );
      expect(await page.$$eval('#main .tile', (tiles) => tiles.length)).toBe(FILES.length + 1);
      expect(loads.count).toBe(0);
    } finally {
      page.off('load', counted);
    }
    await shot('6b-late-arrival');

    for (const asset of uploaded) {
      const stored = await readFile(join(site.runtime.services.config.storageRoot, asset.path));
      expect(stored.equals(await readFile(files[asset.fileName] as string)), asset.fileName).toBe(true);
    }
    expect(uploaded.map((asset) => asset.fileName).sort()).toEqual(FILES.map((each) => each.fileName).sort());
  }, 240_000);

  it('finds each file by its whole name, a word, its extension and a prefix in Quick Search', async () => {
    const byFile = new Map(uploaded.map((asset) => [asset.fileName, asset]));
    // One query per file in turn, so results still showing from the previous query never pass for this one.
    for (let kind = 0; kind < 4; kind++)
      for (const each of FILES) {
        const words = each.searches[kind] as string;
        const asset = byFile.get(each.fileName) as Asset;
        await noBackdrop();
        const box = await page.waitForSelector('header input[type="search"]', { visible: true });
        await box?.click({ count: 3 });
        await box?.evaluate((input) => {
          (input as HTMLInputElement).select();
        });
        await page.keyboard.press('Backspace');
        await page.keyboard.type(words);
        await page.keyboard.press('Enter');
        await seeText(en['search.resultsFor'].replace('{q}', words));
        await waitFor(
          `“${words}” to find ${each.fileName}`,
          async () => ((await mainText()).includes(asset.name) ? true : undefined),
          20_000,
        );
        if (kind === 0 || each.fileName === BROCHURE) await shot(`7-search-${words.replace(/\W+/g, '-')}`);
      }
  }, 120_000);

  it('downloads a cart with Rapid Download and as a zip, byte for byte', async () => {
    const cart = await apiCall<{ id: number }>('/carts', { method: 'POST', body: { name: 'First hour' } });
    await apiCall(`/carts/${cart.id}/assets`, {
      method: 'POST',
      body: { ids: uploaded.map((asset) => asset.id) },
    });
    await go('#/carts');
    await waitFor(
      'the cart to list the three files',
      async () => {
        const shown = await mainText();
        return uploaded.every((asset) => shown.includes(asset.fileName)) ? true : undefined;
      },
      SCREEN_WAIT_MS,
    );
    await shot('8-cart');

    const openDownloadDialog = async () => {
      await noBackdrop();
      await page.locator('[data-testid="transfer-panel-toggle"]').click();
      await page.waitForSelector('[data-testid="transfer-panel"]', { visible: true, timeout: 10_000 });
      await clickText('[data-testid="transfer-panel"] button', TRANSFER_MESSAGES.rapidDownload);
      await page.waitForSelector('[data-testid="download-dialog"]', { visible: true, timeout: 10_000 });
    };
    const closePanel = async () => {
      await page
        .locator(`[data-testid="transfer-panel"] button[aria-label=${q(en['transfer.close'])}]`)
        .click();
      await noBackdrop();
    };
    await openDownloadDialog();
    await shot('9-download-dialog');
    await clickText('[data-testid="download-dialog"] button', TRANSFER_MESSAGES.rapidDownload);
    for (const each of FILES)
      await waitFor(
        `${each.fileName} in ~/Downloads`,
        async () => {
          const got = await readFile(join(home, 'Downloads', each.fileName)).catch(() => undefined);
          return got?.equals(await readFile(files[each.fileName] as string)) ? true : undefined;
        },
        90_000,
      );
    await page.waitForSelector('[data-testid="transfer-saved-in"]', { visible: true, timeout: 30_000 });
    await shot('10-rapid-download-done');
    await closePanel();

    // The zip over HTTP: the browser's own download. Chromium is told where; Firefox saves in its user's Downloads.
    const zipFolder =
      family === 'chromium'
        ? join(home, 'browser-downloads')
        : join(dirname(rapid.rapidHome), 'user', 'Downloads');
    await mkdir(zipFolder, { recursive: true });
    if (family === 'chromium') {
      const cdp = await page.createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: zipFolder });
    }
    await openDownloadDialog();
    await clickText('[data-testid="download-dialog"] button', TRANSFER_MESSAGES.standardDownload);
    const zip = await waitFor(
      'First hour.zip',
      async () => {
        const names = await readdir(zipFolder).catch(() => [] as string[]);
        return names.includes('First hour.zip') ? join(zipFolder, 'First hour.zip') : undefined;
      },
      60_000,
    );
    await waitFor(
      'the whole zip',
      async () => {
        try {
          execFileSync('unzip', ['-tq', zip], { stdio: 'ignore' });
          return true;
        } catch {
          return undefined;
        }
      },
      30_000,
    );
    for (const each of FILES) {
      const inside = execFileSync('unzip', ['-p', zip, `*${each.fileName}`], { maxBuffer: 2 * BIG });
      expect(inside.equals(await readFile(files[each.fileName] as string)), each.fileName).toBe(true);
    }
    await closePanel();
    await shot('11-zip-downloaded');
  }, 180_000);

  it('says why an upload failed: a path typed in the chooser that does not exist', async () => {
    await go(`#/folder/${folder.id}`);
    const typed = join(home, 'upload', 'typed-but-missing.bin');
    await quickUpload();
    await choose(async () => {
      await x.locate(typed);
      await x.key('Return');
    });
    await seeText('typed-but-missing.bin');
    await clickText('[data-testid="upload-dialog"] button', TRANSFER_MESSAGES.upload);
    const toast = await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')]
          .map((each) => each.textContent ?? '')
          .find((text) => text.includes('does not exist')),
      { timeout: 30_000 },
    );
    const text = (await toast.jsonValue()) as string;
    expect(text).toContain(TRANSFER_MESSAGES.startFailed);
    expect(text).toContain(`The file ${typed} does not exist.`);
    await shot('12-failed-upload');
  }, 120_000);

  it('logged no error in the page all along', () => {
    expect(consoleErrors).toEqual([]);
  });
});
