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
// A page whose CSP keeps it off loopback: its large reads fall back to native messaging.
const CSP_PAGE = PAGE.replace(
  '<title>',
  `<meta http-equiv="Content-Security-Policy" content="connect-src 'self'"><title>`,
);
const MiB = 1024 * 1024;
let site: TestSite;
let rapid: RapidBrowser | undefined;
let dir = '';

beforeAll(async () => {
  await assertBuilt();
  site = await startTestSite({ 'index.html': PAGE, 'csp.html': CSP_PAGE });
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
async function pageWithChosenFile(
  sizeMiB: number,
  address = site.url,
): Promise<{ page: Page; file: string; bytes: Buffer }> {
  dir = await mkdtemp(join(tmpdir(), 'rapid-large-'));
  const file = join(dir, `${sizeMiB}.bin`);
  const bytes = randomBytes(sizeMiB * MiB);
  await writeFile(file, bytes);
  const script = join(dir, 'ui.json');
  await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: [file] }));
  rapid = await launchRapidBrowser({ hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script } });
  const page = await rapid.browser.newPage();
  await page.goto(address);
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

describe('large replies over loopback, with a ticket issued through the extension', () => {
  it('reads 20 MiB byte-exact from the local HTTP API, no body64 piece through the browser, the ticket used once', async () => {
    const { page, file, bytes } = await pageWithChosenFile(20);
    const result = await readInPage(page, file);

    expect(sha256(Buffer.from(result.data, 'base64'))).toBe(sha256(bytes));
    expect((await repliesIn(page)).filter((reply) => reply.body64 !== undefined)).toEqual([]);
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.includes('/connect/file/large-reply/')),
    );
    expect(fetched).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v6\/connect\/file\/large-reply\//),
    ]);
    // The ticket is spent: the same address, from the same page, is refused.
    const again = await page.evaluate(
      (url: string) => fetch(url).then((response) => response.status),
      fetched[0] as string,
    );
    expect(again).toBe(403);
    console.log(
      `20 MiB read over loopback: ${result.ms.toFixed(0)} ms, ${(20_000 / result.ms).toFixed(1)} MiB/s`,
    );
  }, 90_000);

  it('reads chunks and checksums of the chosen file over loopback too', async () => {
    const { page, file, bytes } = await pageWithChosenFile(3);
    const got = await page.evaluate(async (path: string) => {
      type Sdk = {
        readChunkAsArrayBuffer(options: object): Promise<{ data: string }>;
        getChecksum(options: object): Promise<{ checksum: string }>;
      };
      const connect = (window as unknown as { connect: Sdk }).connect;
      const chunk = await connect.readChunkAsArrayBuffer({ path, offset: 1_000_000, chunkSize: 1_500_000 });
      const sum = await connect.getChecksum({ path, checksumMethod: 'sha256' });
      return { chunk: chunk.data, checksum: sum.checksum };
    }, file);
    expect(sha256(Buffer.from(got.chunk, 'base64'))).toBe(sha256(bytes.subarray(1_000_000, 2_500_000)));
    expect(got.checksum).toBe(sha256(bytes));
    expect((await repliesIn(page)).filter((reply) => reply.body64 !== undefined)).toEqual([]);
  }, 90_000);

  it('refuses a ticket for a file the page was not given, through the extension as before', async () => {
    const { page } = await pageWithChosenFile(1);
    const other = join(dir, 'other.bin');
    await writeFile(other, 'not given');
    const failure = await page.evaluate(async (path: string) => {
      type Sdk = { readAsArrayBuffer(options: object): Promise<unknown> };
      const connect = (window as unknown as { connect: Sdk }).connect;
      return connect.readAsArrayBuffer({ path }).then(
        () => 'read',
        (error: { error?: { code?: number } }) => error?.error?.code,
      );
    }, other);
    expect(failure).toBe(403);
  }, 90_000);
});

describe('large replies through the extension (the page keeps itself off loopback)', () => {
  it('reassembles a 5 MiB read-as-array-buffer reply byte-exact from body64 pieces under the 1 MiB cap', async () => {
    const { page, file, bytes } = await pageWithChosenFile(5, `${site.url}csp.html`);
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
    const { page, file, bytes } = await pageWithChosenFile(20, `${site.url}csp.html`);
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
