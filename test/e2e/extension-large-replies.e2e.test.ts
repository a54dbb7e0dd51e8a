import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { disconnectsIn, installRawRecorder, repliesIn, waitForBridge } from './harness/raw-protocol.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

const PAGE = '<!doctype html><title>large</title><script src="/sdk/js/connect-sdk.js"></script><p>large</p>';
const MiB = 1024 * 1024;
let site: TestSite;
let rapid: RapidBrowser | undefined;
let dir = '';

beforeAll(async () => {
  await assertBuilt();
  site = await startTestSite({ 'index.html': PAGE });
});
afterAll(() => site.close());
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A page with a RUNNING Connect session (as `window.connect`) that has been given a file of `sizeMiB` random bytes
 * the way a visitor gives one: the site is allowed and the file picked in the (scripted) open-file dialog.
 */
async function pageWithChosenFile(sizeMiB: number): Promise<{ page: Page; file: string; bytes: Buffer }> {
  dir = await mkdtemp(join(tmpdir(), 'rapid-large-'));
  const file = join(dir, `${sizeMiB}.bin`);
  const bytes = randomBytes(sizeMiB * MiB);
  await writeFile(file, bytes);
  const script = join(dir, 'ui.json');
  await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: [file] }));
  rapid = await launchRapidBrowser({ hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script } });
  const page = await rapid.browser.newPage();
  await page.goto(site.url);
  await waitForBridge(page);
  await installRawRecorder(page);
  await page.evaluate(async () => {
    type Sdk = {
      initSession(): void;
      addEventListener(type: string, listener: (type: string, status: string) => void): void;
      showSelectFileDialogPromise(options: object): Promise<unknown>;
    };
    const AW4 = (window as unknown as { AW4: { Connect: new (options: object) => Sdk } }).AW4;
    const connect = new AW4.Connect({ minVersion: '3.9.0' });
    Object.assign(window, { connect });
    await new Promise<void>((resolve) => {
      connect.addEventListener('status', (_type, status) => status === 'RUNNING' && resolve());
      connect.initSession();
    });
    await connect.showSelectFileDialogPromise({});
  });
  return { page, file, bytes };
}

/** `connect.readAsArrayBuffer` in the page: the file's bytes (base64) and how long the read took. */
function readInPage(page: Page, path: string): Promise<{ data: string; ms: number }> {
  return page.evaluate(async (filePath: string) => {
    type Sdk = { readAsArrayBuffer(options: { path: string }): Promise<{ data: string }> };
    const connect = (window as unknown as { connect: Sdk }).connect;
    const started = performance.now();
    const { data } = await connect.readAsArrayBuffer({ path: filePath });
    return { data, ms: performance.now() - started };
  }, path);
}

describe('large replies through the extension', () => {
  it('reassembles a 5 MiB read-as-array-buffer reply byte-exact from body64 pieces under the 1 MiB cap', async () => {
    const { page, file, bytes } = await pageWithChosenFile(5);
    const result = await readInPage(page, file);

    expect(sha256(Buffer.from(result.data, 'base64'))).toBe(sha256(bytes));
    const pieces = (await repliesIn(page)).filter((reply) => reply.body64 !== undefined);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(JSON.stringify(piece).length).toBeLessThan(MiB);
    expect(pieces.at(-1)?.complete).toBe(true);
    console.log(
      `5 MiB read through the extension: ${result.ms.toFixed(0)} ms, ${(5000 / result.ms).toFixed(1)} MiB/s`,
    );
  });

  it('survives the host dying in the middle of a large reply: the page is told, and the SDK re-sends', async () => {
    const { page, file, bytes } = await pageWithChosenFile(20);
    const read = readInPage(page, file);
    // Kill the host once the first pieces of the reply have reached the page.
    const started = Date.now();
    while (!(await repliesIn(page)).some((reply) => reply.body64 !== undefined)) {
      if (Date.now() - started > 20_000) throw new Error('no reply piece arrived');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [hostPid] = (await rapid?.hostPids()) ?? [];
    process.kill(hostPid as number, 'SIGKILL');

    expect(sha256(Buffer.from((await read).data, 'base64'))).toBe(sha256(bytes));
    expect(await disconnectsIn(page)).toContainEqual(expect.stringMatching(/native host has exited/i));
    expect(await rapid?.hostPids()).not.toContain(hostPid);
  }, 90_000);
});
