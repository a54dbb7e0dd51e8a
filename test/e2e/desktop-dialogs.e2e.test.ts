import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDamServer } from '@rapid/dam-app/server';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, assertBuilt } from './harness/artifacts.ts';
import { describeOnFailure } from './harness/failure-evidence.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { startXvfb, type XDisplay } from './harness/x-display.ts';

// The page SDK's dialogs end to end on a real desktop: Chromium, the extension, the host and a daemon with its
// production dialog tool, zenity, drawn on a private Xvfb display and driven with xdotool as a user would.

let server: Awaited<ReturnType<typeof startDamServer>>;
let x: XDisplay;
let rapid: RapidBrowser | undefined;
let files = '';
let forgetAnswer = () => {};

beforeAll(async () => {
  await assertBuilt();
  x = await startXvfb();
  server = await startDamServer({ port: 0, publicDir: ARTIFACTS.demoPublicDir, sdkDir: ARTIFACTS.sdkDir });
  files = await mkdtemp(join(tmpdir(), 'rapid-dialog-files-'));
  await mkdir(join(files, 'photos'));
  // Alone in their folder: "select all" in the chooser takes every entry shown, folders too.
  await mkdir(join(files, 'texts'));
  await writeFile(join(files, 'texts', 'a.txt'), 'alpha');
  await writeFile(join(files, 'texts', 'b.txt'), 'bravo!');
  await writeFile(join(files, 'texts', 'c.bin'), 'not text');
});
afterAll(async () => {
  await server?.close();
  await x?.close();
  await rm(files, { recursive: true, force: true });
});
afterEach(async () => {
  forgetAnswer();
  await rapid?.close();
  rapid = undefined;
});

/** The demo page with its own `AW4.Connect` session, RUNNING through the extension. */
async function openSession(browser: RapidBrowser['browser']): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.evaluate(() => {
    const w = window as unknown as {
      AW4: { Connect: new (options: object) => { initSession(): unknown } };
      connect: unknown;
    };
    const connect = new w.AW4.Connect({ minVersion: '3.9.0', connectMethod: 'extension' });
    connect.initSession();
    w.connect = connect;
  });
  await page.waitForFunction(
    () => (window as unknown as { connect: { getStatus?(): string } }).connect.getStatus?.() === 'RUNNING',
    { timeout: 15_000 },
  );
  // A dialog that closed before the test saw it has answered the page already.
  forgetAnswer = describeOnFailure("the page's last dialog answer", () =>
    page.evaluate(() =>
      JSON.stringify((window as unknown as { dialogResult?: unknown }).dialogResult ?? null),
    ),
  );
  return page;
}

/** Starts `connect[method](callbacks, options)` in the page; `settled()` waits for what reached the callbacks. */
async function startDialog(page: Page, method: string, options: object) {
  await page.evaluate(
    (name, given) => {
      const w = window as unknown as {
        connect: Record<string, (callbacks: object, options: object) => unknown>;
        dialogResult?: unknown;
      };
      w.dialogResult = undefined;
      w.connect[name]?.(
        {
          success: (value: unknown) => {
            w.dialogResult = { success: value };
          },
          error: (error: unknown) => {
            w.dialogResult = { error };
          },
        },
        given,
      );
    },
    method,
    options,
  );
  return {
    settled: async () => {
      await page.waitForFunction(() => (window as unknown as { dialogResult?: unknown }).dialogResult, {
        timeout: 45_000,
      });
      return page.evaluate(() => (window as unknown as { dialogResult: unknown }).dialogResult);
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const entry = (name: string, size: number, type: string) => ({
  name,
  size,
  type,
  lastModifiedDate: expect.stringMatching(/^\w{3} \w{3} \d{2} \d{2}:\d{2}:\d{2} \d{4}$/),
});

describe('desktop dialogs through zenity', () => {
  it('asks for consent, then returns the files, folder and save path the user picks, and [] on cancel', async () => {
    rapid = await launchRapidBrowser({
      // The user's home is the test folder: the choosers open there.
      hostEnv: { ...x.env, HOME: files },
    });
    const page = await openSession(rapid.browser);

    // Several files, with a filter that hides c.bin: the user opens the folder and selects everything shown.
    const open = await startDialog(page, 'showSelectFileDialog', {
      title: 'Pick text files',
      allowMultipleSelection: true,
      allowedFileTypes: [{ filter_name: 'Text', extensions: ['txt'] }],
    });
    await x.answer('^Allow this site to use Rapid', () => x.key('Return')); // "Allow" is the default button
    await x.answer('^Pick text files$', async () => {
      await x.locate(`${join(files, 'texts')}/`);
      await x.key('Return'); // into the folder
      await pause(600);
      await x.key('ctrl+a');
      await x.key('Return');
    });
    expect(await open.settled()).toEqual({
      success: {
        dataTransfer: {
          files: [
            entry(join(files, 'texts', 'a.txt'), 5, 'text/plain'),
            entry(join(files, 'texts', 'b.txt'), 6, 'text/plain'),
          ],
        },
      },
    });

    // One folder; consent is remembered, so the chooser comes straight away.
    const folder = await startDialog(page, 'showSelectFolderDialog', {
      title: 'Pick a folder',
      allowMultipleSelection: false,
    });
    await x.answer('^Pick a folder$', async () => {
      await x.locate(join(files, 'photos'));
      await x.key('Return');
    });
    expect(await folder.settled()).toEqual({
      success: { dataTransfer: { files: [entry(join(files, 'photos'), 0, 'inode/directory')] } },
    });

    // Save: the chooser opens in the home folder with the suggested name filled in; the user accepts it.
    const save = await startDialog(page, 'showSaveFileDialog', {
      title: 'Save the report',
      suggestedName: 'report.pdf',
    });
    await x.answer('^Save the report$', () => x.key('Return'));
    expect(await save.settled()).toEqual({
      success: {
        dataTransfer: {
          // Not written yet: the entry names the chosen path.
          files: [
            {
              name: join(files, 'report.pdf'),
              size: 0,
              type: 'application/octet-stream',
              lastModifiedDate: '',
            },
          ],
        },
      },
    });

    // Escape cancels: Connect's answer is an empty list, not an error.
    const cancelled = await startDialog(page, 'showSelectFileDialog', { title: 'Cancel me' });
    await x.answer('^Cancel me$', () => x.key('Escape'));
    expect(await cancelled.settled()).toEqual({ success: { dataTransfer: { files: [] } } });
  }, 240_000);

  it('takes a consent question closed with Escape as "not now": refused, not remembered, asked again', async () => {
    rapid = await launchRapidBrowser({ hostEnv: { ...x.env, HOME: files } });
    const page = await openSession(rapid.browser);
    const settings = join(rapid.rapidHome, 'settings.json');
    const first = await startDialog(page, 'showSelectFileDialog', { title: 'After consent' });
    await x.answer('^Allow this site to use Rapid', () => x.key('Escape'));
    expect(await first.settled()).toMatchObject({ error: { error: { code: 403 } } });
    expect(JSON.parse(await readFile(settings, 'utf8').catch(() => '{}')).trusted_sites ?? {}).toEqual({});

    // Asked again on the next call; this time the user allows, and that is remembered.
    const second = await startDialog(page, 'showSelectFileDialog', { title: 'After consent' });
    await x.answer('^Allow this site to use Rapid', () => x.key('Return'));
    await x.answer('^After consent$', () => x.key('Escape'));
    expect(await second.settled()).toEqual({ success: { dataTransfer: { files: [] } } });
    expect(JSON.parse(await readFile(settings, 'utf8')).trusted_sites).toEqual({
      [new URL(server.url).origin]: { allowed: true },
    });
  }, 120_000);

  it('answers with a clear error when the computer has neither zenity nor kdialog', async () => {
    const emptyPath = await mkdtemp(join(tmpdir(), 'rapid-no-tools-'));
    try {
      rapid = await launchRapidBrowser({ hostEnv: { ...x.env, PATH: emptyPath } });
      const page = await openSession(rapid.browser);
      const open = await startDialog(page, 'showSelectFileDialog', { title: 'Never shown' });
      expect(await open.settled()).toEqual({
        error: {
          error: {
            code: 500,
            internal_message: 'No dialog tool',
            user_message:
              'Rapid cannot ask for your consent: Rapid cannot show dialogs: install zenity or kdialog.',
          },
        },
      });
    } finally {
      await rm(emptyPath, { recursive: true, force: true });
    }
  });
});
