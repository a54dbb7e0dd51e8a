import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFormSchema } from '../../dam-app/api/forms.ts';
import { MESSAGES } from '../../dam-app/api/messages.ts';
import { MIN_CLIENT_VERSION, TRANSFER_MESSAGES } from '../../dam-app/api/transfer-messages.ts';
import { createForm } from '../../dam-app/server/forms/form-service.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { assertBuilt } from './harness/artifacts.ts';
import {
  type DamWebSite,
  launchChromium,
  openLibraryFromHome,
  quoted,
  screenSteps,
  signIn,
  startDamWebSite,
} from './harness/dam-web.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { saveScreenshot } from './harness/screenshot.ts';

const BIG = 200 * 1024 * 1024;

let dir = '';
let home = '';
let script = '';
let files: Record<string, string> = {};
let site: DamWebSite;
let rapid: RapidBrowser;
let page: Page;
const pageErrors: string[] = [];
const unloadPrompts: string[] = [];

async function writeScript(openFiles: string[]) {
  await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: openFiles }));
}

async function picture(path: string, hue: number) {
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .png()
    .toFile(path);
}

beforeAll(async () => {
  await assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'rapid-dam-transfer-'));
  home = join(dir, 'user');
  for (const folder of ['Downloads', 'Desktop', 'files'])
    await mkdir(join(home, folder), { recursive: true });
  files = {
    a: join(home, 'files', 'sunrise.png'),
    b: join(home, 'files', 'harbour.png'),
    big: join(home, 'files', 'master-200.bin'),
    cancel: join(home, 'files', 'cancel-me.bin'),
    small: join(home, 'files', 'node-error.png'),
    dropped: join(home, 'Desktop', 'dropped.png'),
  };
  await picture(files.a as string, 30);
  await picture(files.b as string, 200);
  await picture(files.small as string, 90);
  await picture(files.dropped as string, 140);
  for (const name of ['big', 'cancel'] as const) {
    const handle = randomBytes(BIG / 8);
    await writeFile(files[name] as string, Buffer.concat(Array.from({ length: 8 }, () => handle)));
  }
  script = join(dir, 'ui.json');
  await writeScript([]);
  site = await startDamWebSite();
  rapid = await launchRapidBrowser({
    hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script, HOME: home },
  });
  page = await openPage(rapid.browser);
}, 180_000);

afterAll(async () => {
  await rapid?.close();
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

async function openPage(browser: Browser): Promise<Page> {
  const next = await browser.newPage();
  await next.setViewport({ width: 1280, height: 860 });
  next.on('pageerror', (error) => pageErrors.push(String(error)));
  next.on('dialog', async (dialog) => {
    if (dialog.type() === 'beforeunload') unloadPrompts.push(dialog.message());
    await dialog.accept();
  });
  return next;
}

const { go, seeText, button, checkScreen } = screenSteps(
  'dam-transfer',
  () => site,
  () => page,
);
const noBackdrop = (target = page) =>
  target.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });

/** The header's language picker (en, fr): the screens are drawn again in that language. */
async function speak(language: 'en' | 'fr', target = page) {
  await target.select('header select:has(option[value="fr"])', language);
  await target.waitForFunction(
    (wanted) =>
      document.querySelector<HTMLSelectElement>('header select:has(option[value="fr"])')?.value === wanted,
    {},
    language,
  );
}

async function logIn(username: string, target = page) {
  await signIn(target, site, username);
  await target.waitForSelector('[data-testid="transfer-panel-toggle"]', { timeout: 15_000 });
}

async function logOut(target = page) {
  await noBackdrop(target);
  await target.locator('button[data-user-menu]').click();
  await target.locator('aria/Log out[role="menuitem"]').click();
  await target.waitForSelector('input[name="login"]', { timeout: 10_000 });
}

const clientRunning = (target = page) =>
  target.waitForSelector('[data-testid="transfer-panel-toggle"][data-client-status="RUNNING"]', {
    timeout: 30_000,
  });

/** A call to the DAM API from the signed-in page (its cookie, its origin). */
function apiCall<T>(path: string, init: { method?: string; body?: unknown } = {}, target = page): Promise<T> {
  return target.evaluate(
    async (url, method, body) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      // A refused call fails here, with the DAM's answer, not later as a screen that never shows its result.
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    `/api/v1${path}`,
    init.method ?? 'GET',
    init.body as never,
  ) as Promise<T>;
}

type Folder = { id: number; name: string; path: string };
type Asset = {
  id: number;
  name: string;
  fileName: string;
  path: string;
  size: number;
  renditions: { name: string }[];
  renditionState: string;
};

/** A folder by path; one under the ACL root is made (through the API, as the tree screen would) when missing. */
async function folderNamed(path: string, target = page): Promise<Folder> {
  const tree = await apiCall<{ root: Folder; folders: Folder[] }>('/folders/tree', {}, target);
  const found = [tree.root, ...tree.folders].find((folder) => folder.path === path);
  if (found) return found;
  const name = path.split('/').pop() as string;
  const made = await apiCall<Folder>(
    '/folders',
    { method: 'POST', body: { parentId: tree.root.id, name } },
    target,
  );
  if (made.path !== path) throw new Error(`no folder ${path}: ${JSON.stringify(made)}`);
  return made;
}

async function assetsIn(folder: Folder, target = page): Promise<Asset[]> {
  return (await apiCall<{ items: Asset[] }>(`/folders/${folder.id}/assets?limit=500`, {}, target)).items;
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Opens the Create menu (again if a closing dialog took the focus back before it showed). */
async function openCreateMenu(target = page) {
  await noBackdrop(target);
  for (let attempt = 0; ; attempt++) {
    await target.locator(`aria/Create ▾[role="button"]`).click();
    const shown = await target
      .waitForSelector('aria/New folder[role="menuitem"]', { visible: true, timeout: 3000 })
      .catch(() => null);
    if (shown || attempt === 3) return;
  }
}

/** Clicks the button of a dialog (by test id) whose whole label is `label`. */
async function clickIn(testId: string, label: string, target = page) {
  await target.waitForFunction(
    (id, text) => {
      const found = [...document.querySelectorAll(`[data-testid="${id}"] button`)].find(
        (each) => each.textContent?.trim() === text,
      );
      (found as HTMLButtonElement | undefined)?.click();
      return found !== undefined;
    },
    { timeout: 10_000 },
    testId,
    label,
  );
}

/** Create ▸ Quick Upload once the client runs (as a person waits for it), until the Upload dialog shows. */
async function quickUpload() {
  await clientRunning();
  for (let attempt = 0; ; attempt++) {
    await openCreateMenu();
    await page.locator('aria/Quick Upload[role="menuitem"]').click();
    const shown = await page
      .waitForSelector('[data-testid="upload-dialog"]', { visible: true, timeout: 5000 })
      .catch(() => null);
    if (shown) return;
    await saveScreenshot(page, `dam-transfer-quick-upload-attempt-${attempt}`);
    if (attempt === 2) throw new Error('the Upload dialog did not open');
  }
}

/** Opens the transfer panel once no set-up mask covers the page (a click on the mask opens nothing). */
async function openPanel() {
  await noBackdrop();
  await page.waitForSelector('[data-testid="loading-mask"]', { hidden: true, timeout: 15_000 });
  for (let attempt = 0; ; attempt++) {
    await page.locator('[data-testid="transfer-panel-toggle"]').click();
    const shown = await page
      .waitForSelector('[data-testid="transfer-panel"]', { visible: true, timeout: 5000 })
      .catch(() => null);
    if (shown || attempt === 2) return;
  }
}

async function closePanel() {
  if (await page.$('[data-testid="transfer-panel"]'))
    await page.locator('aria/Close transfers[role="button"]').click();
  await noBackdrop();
}

const db = () => site.runtime.services.db;

describe('DAM ↔ Rapid in the browser, end to end (real Chromium, extension, host, daemon, embedded node)', () => {
  it('uploads three files (one of 200 MiB) through the Upload dialog into the current directory, resumes after a reload, and ingests each once', async () => {
    await logIn('carlos');
    await clientRunning();
    const marketing = await folderNamed('Library/Shoots');
    await go(`#/folder/${marketing.id}`);
    await writeScript([files.a, files.b, files.big] as string[]);

    await quickUpload();
    const width = await page.$eval(
      '[data-testid="upload-dialog"]',
      (element) => (element as HTMLElement).offsetWidth,
    );
    expect(width).toBe(364);
    await button(TRANSFER_MESSAGES.chooseFile).click();
    await seeText('master-200.bin');
    // A line each for the three files picked at once, and no empty one (an empty line would stop the upload).
    expect(await page.$$eval('[data-testid="upload-dialog"] li', (lines) => lines.length)).toBe(3);
    // Each option names its folder: the standard directory is the ACL's root, not a surprise.
    await seeText(`${TRANSFER_MESSAGES.standardDirectory} (Library)`);
    await seeText(`${TRANSFER_MESSAGES.currentDirectory} (Shoots)`);
    await page.locator(`::-p-text(${quoted(TRANSFER_MESSAGES.currentDirectory)})`).click();
    await checkScreen('upload-dialog');
    // R-UPLOAD-CHOOSE-LINES: a line left empty is said, nothing starts, and no chosen file is dropped.
    await button('Add a file').click();
    await button(TRANSFER_MESSAGES.upload).click();
    await seeText(TRANSFER_MESSAGES.selectFileEachLine);
    expect(await page.$$eval('[data-testid="upload-dialog"] li', (lines) => lines.length)).toBe(4);
    await checkScreen('upload-dialog-empty-line');
    await button('Remove this empty line').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="upload-dialog"] li').length === 3,
    );

    await button(TRANSFER_MESSAGES.upload).click();
    await page.waitForSelector('[data-testid="upload-progress-dialog"]', { visible: true, timeout: 20_000 });
    await page.waitForSelector('[data-testid="upload-progress-dialog"] li[data-state="uploading"]', {
      timeout: 30_000,
    });
    await checkScreen('upload-progress');
    const cookie = await page.evaluate(
      () => Object.keys(JSON.parse(localStorage.getItem('rapid.dam.uploads') ?? '{}').uploads ?? {})[0],
    );
    expect(cookie).toMatch(/^carlos,/);

    // Reload while the 200 MiB file is still on its way: the reload warning asks, then monitoring resumes.
    const before = await assetsIn(marketing);
    expect(before.filter((asset) => asset.fileName === 'master-200.bin')).toEqual([]);
    await page.reload();
    expect(unloadPrompts.length).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid="upload-progress-dialog"]', { visible: true, timeout: 20_000 });

    const assets = await waitFor(
      'three assets with their renditions',
      async () => {
        const list = await assetsIn(marketing);
        const names = ['sunrise.png', 'harbour.png', 'master-200.bin'];
        const mine = list.filter((asset) => names.includes(asset.fileName));
        return mine.length === 3 && mine.every((asset) => asset.renditionState !== 'pending')
          ? mine
          : undefined;
      },
      180_000,
    );
    for (const asset of assets.filter((each) => each.fileName.endsWith('.png')))
      expect(asset.renditions.map((each) => each.name)).toContain('thumbnail');
    // The open folder shows each file as it is ingested, without navigating: the push channel refreshes it (the
    // 200 MiB file arrived after the reload had listed the folder).
    await waitFor(
      'the open folder to list the three files',
      async () => {
        const shown = await page.$eval('#main', (element) => element.textContent ?? '');
        return assets.every((asset) => shown.includes(asset.name)) || undefined;
      },
      15_000,
    );
    const big = assets.find((asset) => asset.fileName === 'master-200.bin') as Asset;
    expect(big.size).toBe(BIG);
    const stored = await readFile(join(site.runtime.services.config.storageRoot, big.path));
    expect(stored.equals(await readFile(files.big as string))).toBe(true);

    // Nothing twice: one registration per file, one asset per name, and the session finished.
    const session = await waitFor('the finished session', async () => {
      const row = await db()
        .selectFrom('upload_sessions')
        .selectAll()
        .where('cookie', '=', cookie as string)
        .executeTakeFirst();
      return row?.finished_at ? row : undefined;
    });
    expect(session.started_at).not.toBeNull();
    const registered = await db()
      .selectFrom('upload_files')
      .select('path')
      .where('cookie', '=', cookie as string)
      .execute();
    expect(registered.map((row) => row.path).sort()).toEqual(
      ['harbour.png', 'master-200.bin', 'sunrise.png'].map((name) => `Library/Shoots/${name}`),
    );
    const record = await page.evaluate(() => JSON.parse(localStorage.getItem('rapid.dam.uploads') ?? '{}'));
    expect(record.completed).toContain(cookie);
    expect(Object.keys(record.uploads)).toEqual([]);
  }, 300_000);

  it('says why an upload did not start: a chosen file that does not exist', async () => {
    await go('#/');
    await openLibraryFromHome(page);
    const typed = join(dirname(files.cancel as string), 'typed-but-missing.bin');
    await writeScript([typed]);
    await quickUpload();
    await button(TRANSFER_MESSAGES.chooseFile).click();
    await seeText('typed-but-missing.bin');
    await button(TRANSFER_MESSAGES.upload).click();
    // A toast where the person is looking, naming the file and what is wrong with it.
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
    await checkScreen('upload-missing-file');
  }, 120_000);

  it('cancels an upload from the transfer panel: the DAM hears cancelled_upload', async () => {
    await go('#/');
    await openLibraryFromHome(page);
    await writeScript([files.cancel] as string[]);
    await quickUpload();
    await button(TRANSFER_MESSAGES.chooseFile).click();
    await seeText('cancel-me.bin');
    await button(TRANSFER_MESSAGES.upload).click();
    await page.waitForSelector('[data-testid="upload-progress-dialog"] li[data-state="uploading"]', {
      timeout: 30_000,
    });
    await openPanel();
    const row = '[data-testid="transfer-row"][data-status="running"]';
    await page.waitForSelector(row, { timeout: 30_000 });
    await page.waitForFunction(
      (selector) =>
        /\d+ %/.test(
          document.querySelector(`${selector} [data-testid="transfer-figures"]`)?.textContent ?? '',
        ),
      { timeout: 20_000 },
      row,
    );
    await checkScreen('panel');
    await page.locator(`${row} ::-p-text(Cancel transfer)`).click();
    const cancelled = await waitFor(
      'the cancelled session',
      async () => {
        const rows = await db()
          .selectFrom('upload_sessions')
          .selectAll()
          .where('cancelled_at', 'is not', null)
          .execute();
        return rows.length > 0 ? rows : undefined;
      },
      60_000,
    );
    expect(cancelled[0]?.destination).toBe('Library');
    await closePanel();
  }, 180_000);

  it('stops monitoring with the spec’s log line when the node refuses the credentials (401)', async () => {
    await writeScript([files.small] as string[]);
    await quickUpload();
    await button(TRANSFER_MESSAGES.chooseFile).click();
    await seeText('node-error.png');
    const refuse = (request: import('puppeteer-core').HTTPRequest) => {
      if (request.url().includes('/api/v1/transfers/nodes/'))
        void request.respond({ status: 401, contentType: 'application/json', body: '{"error":"no"}' });
      else void request.continue();
    };
    await page.setRequestInterception(true);
    page.on('request', refuse);
    try {
      await button(TRANSFER_MESSAGES.upload).click();
      await openPanel();
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="transfer-log"]')?.textContent?.includes(text),
        { timeout: 30_000 },
        TRANSFER_MESSAGES.nodeUnauthorized,
      );
      await closePanel();
    } finally {
      page.off('request', refuse);
      await page.setRequestInterception(false);
    }
    // The reload handlers are gone: a reload asks nothing.
    const prompts = unloadPrompts.length;
    await page.reload();
    await page.waitForSelector('[data-testid="transfer-panel-toggle"]');
    expect(unloadPrompts.length).toBe(prompts);
  }, 120_000);

  it('covers the set-up with the loading mask, and drops it after 12 s even when the set-up is slow', async () => {
    await writeScript([files.small] as string[]);
    await quickUpload();
    await button(TRANSFER_MESSAGES.chooseFile).click();
    await seeText('node-error.png');
    // A pre-transfer handler that takes 13 s to answer.
    const slow = (request: import('puppeteer-core').HTTPRequest) => {
      if (request.url().includes('/api/v1/transfers/pre-transfer'))
        setTimeout(() => void request.continue(), 13_000);
      else void request.continue();
    };
    await page.setRequestInterception(true);
    page.on('request', slow);
    try {
      const clicked = Date.now();
      await button(TRANSFER_MESSAGES.upload).click();
      await page.waitForSelector('[data-testid="loading-mask"]', { visible: true, timeout: 5000 });
      await checkScreen('loading-mask');
      await page.waitForSelector('[data-testid="loading-mask"]', { hidden: true, timeout: 15_000 });
      const dropped = Date.now() - clicked;
      expect(dropped).toBeGreaterThanOrEqual(11_500);
      expect(dropped).toBeLessThan(13_000);
    } finally {
      page.off('request', slow);
      await page.setRequestInterception(false);
    }
    await page.waitForSelector(
      '[data-testid="upload-progress-dialog"] li[data-state="uploading"], [data-testid="upload-progress-dialog"] li[data-state="complete"]',
      { timeout: 30_000 },
    );
  }, 120_000);

  it('drops a file on a folder of the tree: popup, highlight, upload into that folder', async () => {
    const marketing = await folderNamed('Library/Shoots');
    // The folder in the Places tree (a new folder appears once the tree is read again).
    await page.reload();
    await clientRunning();
    const target = await page.waitForSelector(`[role="treeitem"][data-folder-id="${marketing.id}"]`, {
      visible: true,
    });
    const box = await target?.boundingBox();
    if (!box) throw new Error('no drop target');
    const point = { x: Math.round(box.x + 40), y: Math.round(box.y + box.height / 2) };
    // The drag a person makes from their desktop: the browser's DataTransfer holds the file (name, size, date);
    // the client finds it on disk and the scripted desktop confirms sharing it.
    const bytes = (await readFile(files.dropped as string)).toString('base64');
    const modified = (await stat(files.dropped as string)).mtimeMs;
    const drag = (type: string, x: number, y: number) =>
      page.evaluate(
        (kind, at, content, lastModified) => {
          const state = window as unknown as { __drag?: DataTransfer };
          if (!state.__drag) {
            const data = Uint8Array.from(atob(content), (char) => char.charCodeAt(0));
            state.__drag = new DataTransfer();
            state.__drag.items.add(new File([data], 'dropped.png', { type: 'image/png', lastModified }));
          }
          const element = document.elementFromPoint(at.x, at.y) ?? document.body;
          element.dispatchEvent(
            new DragEvent(kind, {
              bubbles: true,
              cancelable: true,
              clientX: at.x,
              clientY: at.y,
              dataTransfer: state.__drag,
            }),
          );
        },
        type,
        { x, y },
        bytes,
        modified,
      );
    await drag('dragenter', point.x, point.y);
    await drag('dragover', point.x, point.y);
    await page.waitForSelector(`[data-folder-id="${marketing.id}"][data-drop-target="true"]`, {
      timeout: 5000,
    });
    const popup = await page.waitForSelector('[data-testid="drop-popup"][data-over-target="true"]');
    const popupBox = await popup?.boundingBox();
    expect(popupBox?.x).toBeCloseTo(point.x + 50, 0);
    expect(popupBox?.y).toBeCloseTo(point.y + 50, 0);
    await seeText(TRANSFER_MESSAGES.dragHintDuring);
    await checkScreen('drop');
    await drag('drop', point.x, point.y);
    await waitFor('the dropped asset', async () =>
      (await assetsIn(marketing)).find((asset) => asset.fileName === 'dropped.png'),
    );
  }, 120_000);

  it('downloads a cart with Rapid Download (bytes compared), cleans the dock 10 s later, and as a zip over HTTP', async () => {
    const marketing = await folderNamed('Library/Shoots');
    const picked = (await assetsIn(marketing)).filter((asset) =>
      ['sunrise.png', 'harbour.png'].includes(asset.fileName),
    );
    const cart = await apiCall<{ id: number }>('/carts', { method: 'POST', body: { name: 'Shoot' } });
    await apiCall(`/carts/${cart.id}/assets`, {
      method: 'POST',
      body: { ids: picked.map((asset) => asset.id) },
    });

    expect(picked).toHaveLength(2);
    expect(await apiCall<{ name: string; assetCount: number }[]>('/carts')).toEqual([
      expect.objectContaining({ name: 'Shoot', assetCount: 2 }),
    ]);
    await openPanel();
    await page.locator(`aria/${TRANSFER_MESSAGES.rapidDownload}[role="button"]`).click();
    await page.waitForSelector('[data-testid="download-dialog"]', { visible: true });
    await seeText(TRANSFER_MESSAGES.downloadCartText);
    expect(
      await page.$eval('[data-testid="download-dialog"]', (element) => (element as HTMLElement).offsetWidth),
    ).toBe(600);
    await checkScreen('download-dialog');
    await clickIn('download-dialog', TRANSFER_MESSAGES.rapidDownload);
    for (const name of ['sunrise.png', 'harbour.png'])
      await waitFor(
        `${name} downloaded`,
        async () => {
          const got = await readFile(join(home, 'Downloads', name)).catch(() => undefined);
          const want = await readFile(name === 'sunrise.png' ? (files.a as string) : (files.b as string));
          return got?.equals(want) ? true : undefined;
        },
        60_000,
      );
    // The panel says where the files went, with a way to open the folder.
    await page.waitForFunction(
      (folder) =>
        [...document.querySelectorAll('[data-testid="transfer-saved-in"]')].some((each) =>
          each.textContent?.includes(folder),
        ),
      { timeout: 30_000 },
      join(home, 'Downloads'),
    );
    await page.waitForSelector('[data-testid="transfer-row"] ::-p-text(Show in folder)', { visible: true });
    await checkScreen('panel-saved-in');
    const dock = await waitFor(
      'the dock cleaned after the transfer',
      async () => {
        const row = await db()
          .selectFrom('loading_docks')
          .selectAll()
          .orderBy('id', 'desc')
          .executeTakeFirst();
        return row?.done_at ? row : undefined;
      },
      30_000,
    );
    expect(dock.done_at).not.toBeNull();

    // Standard Download (HTTP): the browser's own download of one streamed zip.
    const downloads = join(dir, 'browser-downloads');
    await mkdir(downloads, { recursive: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await closePanel();
    await openPanel();
    await page.locator(`aria/${TRANSFER_MESSAGES.rapidDownload}[role="button"]`).click();
    await page.waitForSelector('[data-testid="download-dialog"]', { visible: true });
    await clickIn('download-dialog', TRANSFER_MESSAGES.standardDownload);
    const zip = await waitFor(
      'Shoot.zip',
      async () =>
        (await readdir(downloads)).includes('Shoot.zip') ? join(downloads, 'Shoot.zip') : undefined,
      30_000,
    );
    for (const [name, source] of [
      ['sunrise.png', files.a],
      ['harbour.png', files.b],
    ] as const) {
      const inside = execFileSync('unzip', ['-p', zip, `*${name}`]);
      expect(inside.equals(await readFile(source as string))).toBe(true);
    }

    // Standard Download (HTTP) of one file: the URL the dialog opens answers Range, so a browser resumes.
    const big = (await assetsIn(marketing)).find((asset) => asset.fileName === 'master-200.bin') as Asset;
    const tail = await page.evaluate(async (path) => {
      const response = await fetch(`/api/v1/files/content?${new URLSearchParams({ path })}`, {
        headers: { Range: 'bytes=209715190-' },
      });
      return { status: response.status, bytes: [...new Uint8Array(await response.arrayBuffer())] };
    }, big.path);
    expect(tail.status).toBe(206);
    expect(Buffer.from(tail.bytes).equals((await readFile(files.big as string)).subarray(209_715_190))).toBe(
      true,
    );
    await closePanel();
  }, 180_000);

  it('puts a cart of three assets in the Loading Dock, sees it ready, takes it home by Rapid Download (bytes compared) and sees the dock emptied 10 s later', async () => {
    const shoots = await folderNamed('Library/Shoots');
    const names = ['sunrise.png', 'harbour.png', 'dropped.png'];
    const picked = (await assetsIn(shoots)).filter((asset) => names.includes(asset.fileName));
    expect(picked).toHaveLength(3);
    const cart = await apiCall<{ id: number }>('/carts', { method: 'POST', body: { name: 'Dock run' } });
    await apiCall(`/carts/${cart.id}/assets`, {
      method: 'POST',
      body: { ids: picked.map((asset) => asset.id) },
    });
    // The earlier cart download left two of these names in Downloads: this one must deliver its own.
    for (const name of names) await rm(join(home, 'Downloads', name), { force: true });

    await go('#/loading-dock');
    await page.waitForSelector('select[name="dockCart"]', { visible: true });
    await page.select('select[name="dockCart"]', String(cart.id));
    await button('Prepare download').click();
    const ready = await page.waitForSelector('[data-dock][data-state="ready"]', { timeout: 60_000 });
    const notificationId = (await ready?.evaluate((element) => element.getAttribute('data-dock'))) as string;
    const dockFolder = join(site.runtime.services.config.storageRoot, 'LoadingDock', notificationId);
    expect((await readdir(dockFolder)).sort()).toEqual([...names].sort());
    await checkScreen('loading-dock-ready');

    await page
      .locator(`[data-dock="${notificationId}"] ::-p-aria(${TRANSFER_MESSAGES.rapidDownload}[role="button"])`)
      .click();
    const source = (name: string) => (picked.find((asset) => asset.fileName === name) as Asset).path;
    for (const name of names)
      await waitFor(
        `${name} downloaded from the dock`,
        async () => {
          const got = await readFile(join(home, 'Downloads', name)).catch(() => undefined);
          const want = await readFile(join(site.runtime.services.config.storageRoot, source(name)));
          return got?.equals(want) ? true : undefined;
        },
        60_000,
      );
    const delivered = Date.now();
    // R-DOCK-CLEANUP: the done callback, ten seconds after the transfer completed, empties the dock.
    await waitFor(
      'the dock emptied',
      async () => ((await stat(dockFolder).catch(() => undefined)) ? undefined : true),
      40_000,
    );
    expect(Date.now() - delivered).toBeGreaterThan(5_000);
    await page.waitForSelector(`[data-dock="${notificationId}"][data-state="done"]`, { timeout: 30_000 });
    await checkScreen('loading-dock-done');
  }, 180_000);

  it('converts in the Loading Dock beside a cart of three (a 2000-px sRGB JPEG, a 5 s 720p clip): converting, ready, Rapid Download, the dock emptied 10 s later', async () => {
    const started = Date.now();
    const laps: string[] = [];
    const lap = (what: string) => laps.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const root = site.runtime.services.config.storageRoot;
    const shoots = await folderNamed('Library/Shoots');
    // The conversions' sources, put in storage and ingested as an import would (the uploads are tested above).
    await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .jpeg()
      .toFile(join(root, 'Library/Shoots/panorama.jpg'));
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1440x1080:rate=25:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=duration=6', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(root, 'Library/Shoots/clip.mp4')],
    ]);
    for (const path of ['Library/Shoots/panorama.jpg', 'Library/Shoots/clip.mp4'])
      await apiCall('/assets/ingest', { method: 'POST', body: { path } });
    lap('fixtures');
    const inShoots = await assetsIn(shoots);
    const named = (name: string) => inShoots.find((asset) => asset.fileName === name) as Asset;
    const names = ['sunrise.png', 'harbour.png', 'dropped.png'];
    const cart = await apiCall<{ id: number }>('/carts', { method: 'POST', body: { name: 'Dock convert' } });
    await apiCall(`/carts/${cart.id}/assets`, {
      method: 'POST',
      body: { ids: names.map((name) => named(name).id) },
    });
    const presets = await apiCall<{ id: number; name: string }[]>('/conversion-presets');
    const preset = (name: string) => presets.find((each) => each.name === name)?.id;
    const jpegName = 'panorama (Web JPEG 2000 px sRGB).jpg';
    const clipName = 'clip (Web preview 720p 5 s).mp4';
    for (const name of [...names, jpegName, clipName])
      await rm(join(home, 'Downloads', name), { force: true });

    // Away from the Loading Dock and back, so it mounts again and reads the dock prepared below. The Carts screen
    // must have replaced it first: a route still loading keeps the screen before it on show (React's transition).
    await go('#/carts');
    await page.waitForFunction(() => document.querySelector('#main h1, main h1')?.textContent === 'Carts', {
      timeout: 30_000,
    });
    const prepared = await apiCall<{ notificationId: string; state: string }>('/loading-dock', {
      method: 'POST',
      body: {
        cartId: cart.id,
        items: [
          { assetId: named('panorama.jpg').id, presetId: preset('Web JPEG 2000 px sRGB') },
          { assetId: named('clip.mp4').id, presetId: preset('Web preview 720p 5 s') },
        ],
      },
    });
    const { notificationId } = prepared;
    const card = `[data-dock="${notificationId}"]`;
    await go('#/loading-dock');
    await page.waitForSelector(`${card}[data-state="converting"]`, { timeout: 30_000 });
    await checkScreen('loading-dock-converting');
    lap('converting seen');
    await page.waitForSelector(`${card}[data-state="ready"]`, { timeout: 60_000 });
    lap('ready');
    const dock = await apiCall<{
      totalSize: number;
      items: { fileName: string; size: number; state: string }[];
    }>(`/loading-dock/${notificationId}`);
    expect(dock.items.map((item) => item.state)).toEqual(dock.items.map(() => 'placed'));
    // The converted files' own sizes, not the originals'.
    expect(dock.totalSize).toBe(dock.items.reduce((sum, item) => sum + item.size, 0));
    await page.locator(`${card} ::-p-aria(Show files[role="button"])`).click();
    await checkScreen('loading-dock-converted-ready');
    await speak('fr');
    await checkScreen('loading-dock-converted-ready-fr');
    await speak('en');
    const dockFolder = join(root, 'LoadingDock', notificationId);
    const converted: Record<string, Buffer> = {};
    for (const name of [jpegName, clipName]) converted[name] = await readFile(join(dockFolder, name));

    await page.locator(`${card} ::-p-aria(${TRANSFER_MESSAGES.rapidDownload}[role="button"])`).click();
    const wanted: [string, () => Promise<Buffer>][] = [
      ...names.map((name): [string, () => Promise<Buffer>] => [
        name,
        () => readFile(join(root, named(name).path)),
      ]),
      [jpegName, async () => converted[jpegName] as Buffer],
      [clipName, async () => converted[clipName] as Buffer],
    ];
    for (const [name, want] of wanted)
      await waitFor(
        `${name} downloaded from the dock`,
        async () => {
          const got = await readFile(join(home, 'Downloads', name)).catch(() => undefined);
          return got?.equals(await want()) ? true : undefined;
        },
        60_000,
      );
    const delivered = Date.now();
    lap('delivered');
    const image = await sharp(join(home, 'Downloads', jpegName)).metadata();
    expect(image).toMatchObject({ format: 'jpeg', width: 2000, height: 1333, space: 'srgb' });
    const probed = JSON.parse(
      execFileSync('ffprobe', [
        ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height:format=duration'],
        ...['-of', 'json', join(home, 'Downloads', clipName)],
      ]).toString(),
    ) as { streams: { height: number }[]; format: { duration: string } };
    expect(probed.streams[0]?.height).toBe(720);
    expect(Math.abs(Number(probed.format.duration) - 5)).toBeLessThan(0.3);
    await waitFor(
      'the dock emptied',
      async () => ((await stat(dockFolder).catch(() => undefined)) ? undefined : true),
      40_000,
    );
    expect(Date.now() - delivered).toBeGreaterThan(5_000);
    await page.waitForSelector(`${card}[data-state="done"]`, { timeout: 30_000 });
    lap('emptied');
    console.log(`dock with conversions: ${laps.join(', ')}`);
  }, 180_000);

  it('downloads a bundle from its collection screen with Rapid Download, through the dock, into one folder', async () => {
    const shoots = await folderNamed('Library/Shoots');
    const sunrise = (await assetsIn(shoots)).find((asset) => asset.fileName === 'sunrise.png') as Asset;
    const kit = await apiCall<{ id: number }>('/collections', {
      method: 'POST',
      body: { name: 'Press kit', bundle: true },
    });
    await apiCall(`/collections/${kit.id}/assets`, { method: 'POST', body: { ids: [sunrise.id] } });
    await rm(join(home, 'Downloads', 'Press kit'), { recursive: true, force: true });
    await go(`#/collections/${kit.id}`);
    await clientRunning();
    await page.waitForSelector(`aria/${TRANSFER_MESSAGES.rapidDownload}[role="button"]`, { visible: true });
    await checkScreen('bundle-collection');
    await button(TRANSFER_MESSAGES.rapidDownload).click();
    const dialog = await page.waitForSelector('[data-testid="download-dialog"]', { visible: true });
    expect(await dialog?.evaluate((element) => element.textContent)).toContain('“Press kit”');
    await checkScreen('bundle-download-dialog');
    await page.keyboard.press('Escape');
    await noBackdrop();
    await speak('fr');
    await page.locator('[data-entry="bundle-rapid-download"]').click();
    await page.waitForSelector('[data-testid="download-dialog"] ::-p-text(« Press kit »)', { visible: true });
    await checkScreen('bundle-download-dialog-fr');
    await page.keyboard.press('Escape');
    await noBackdrop();
    await speak('en');
    await button(TRANSFER_MESSAGES.rapidDownload).click();
    await page.waitForSelector('[data-testid="download-dialog"]', { visible: true });
    await clickIn('download-dialog', TRANSFER_MESSAGES.rapidDownload);
    await waitFor(
      'the bundle downloaded into its folder',
      async () => {
        const got = await readFile(join(home, 'Downloads', 'Press kit', 'sunrise.png')).catch(
          () => undefined,
        );
        return got?.equals(await readFile(files.a as string)) ? true : undefined;
      },
      60_000,
    );
  }, 120_000);

  it('asks for the upload form of the folder in the progress dialog once the files are in, and applies it (R-UPLOAD-FORM)', async () => {
    await go('#/');
    if (await page.waitForSelector('input[name="login"]', { timeout: 3000 }).catch(() => null))
      await logIn('carlos');
    const folder = await folderNamed('Library/Credits');
    const services = site.runtime.services;
    const admin = await services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const field = (property: string, label: string, notEmpty: boolean) => ({
      schema: 'http://ns.example.org/photo/1.0/',
      property,
      label,
      validator: { kind: 'String', notEmpty },
    });
    await createForm(
      services,
      { user: admin } as never,
      saveFormSchema.parse({
        name: 'Upload credits',
        tabs: [{ name: 'Main', fields: [field('credit', 'Credit', true), field('place', 'Place', false)] }],
        assignments: [{ folderId: folder.id, use: 'upload' }],
      }),
      '127.0.0.1',
    );
    const credited = join(home, 'files', 'credited.png');
    await picture(credited, 60);
    await go(`#/folder/${folder.id}`);
    await writeScript([credited]);
    await quickUpload();
    await button(TRANSFER_MESSAGES.chooseFile).click();
    await seeText('credited.png');
    await page.locator(`::-p-text(${quoted(TRANSFER_MESSAGES.currentDirectory)})`).click();
    await button(TRANSFER_MESSAGES.upload).click();
    await page.waitForSelector('[data-testid="upload-form"]', { visible: true, timeout: 60_000 });
    await checkScreen('upload-form');
    const applyOne = en['transfer.uploadFormApply'].replace('{count}', '1');
    // A required field left empty blocks; its problem is said beside it.
    await button(applyOne).click();
    await seeText(MESSAGES.requiredEmpty);
    await checkScreen('upload-form-required');
    await page.locator('[data-testid="upload-form"] ::-p-aria(Credit)').fill('Carlos Ruiz');
    await page.locator('[data-testid="upload-form"] ::-p-aria(Place)').fill('Lisbon');
    await button(applyOne).click();
    await page.waitForSelector('[data-testid="upload-progress-dialog"]', { hidden: true, timeout: 15_000 });
    const row = await db()
      .selectFrom('assets')
      .select('metadata')
      .where('path', '=', 'Library/Credits/credited.png')
      .executeTakeFirstOrThrow();
    expect((row.metadata as { fields?: Record<string, string> }).fields).toEqual({
      'http://ns.example.org/photo/1.0/credit': 'Carlos Ruiz',
      'http://ns.example.org/photo/1.0/place': 'Lisbon',
    });
  }, 120_000);

  it('shows no upload menu to a user without fileUpload, and no Create menu to one who may create nothing', async () => {
    await logOut();
    await logIn('ellen');
    // Ellen browses and downloads: no upload, no folders — so no Create menu holding only a disabled item.
    await page.waitForSelector('button[data-user-menu]', { visible: true });
    expect(await page.$('aria/Create ▾[role="button"]')).toBeNull();
    await logOut();
  }, 60_000);

  it('without a running client: the Warning dialog, and the resumable browser upload from it', async () => {
    const plain = await launchChromium();
    try {
      const other = await openPage(plain);
      await logIn('carlos', other);
      await openCreateMenu(other);
      // Quick Upload is a Rapid menu entry, added only once the client runs; Upload stands in its place.
      await other.waitForSelector('aria/Upload[role="menuitem"]', { visible: true });
      expect(await other.$('aria/Quick Upload[role="menuitem"]')).toBeNull();
      await other.locator('aria/Upload[role="menuitem"]').click();
      await other.waitForSelector('[data-testid="warning-dialog"]', { visible: true });
      await seeText(TRANSFER_MESSAGES.warningText(MIN_CLIENT_VERSION), other);
      expect(
        await other.$eval(
          '[data-testid="warning-dialog"]',
          (element) => (element as HTMLElement).offsetWidth,
        ),
      ).toBe(675);
      await checkScreen('warning', other);
      const copy = join(dir, 'over-http.png');
      await copyFile(files.small as string, copy);
      const input = await other.waitForSelector('[data-testid="http-upload-input"]');
      await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(copy);
      await seeText('over-http.png — Uploaded', other, 30_000);
      await checkScreen('warning-http-upload', other);
      const root = await folderNamed('Library', other);
      const asset = await waitFor('the browser-uploaded asset', async () =>
        (await assetsIn(root, other)).find((each) => each.fileName === 'over-http.png'),
      );
      expect(asset.size).toBe((await readFile(copy)).length);
      await button(TRANSFER_MESSAGES.continue, other).click();
      await noBackdrop(other);
    } finally {
      await plain.close();
    }
  }, 120_000);

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
