import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import {
  disconnectsIn,
  installRawRecorder,
  type RawReply,
  repliesIn,
  waitForBridge,
} from './harness/raw-protocol.ts';
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

describe('large replies through the extension', () => {
  it('reassembles a 5 MiB read-as-array-buffer reply byte-exact from body64 pieces under the 1 MiB cap', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-large-'));
    const file = join(dir, 'five.bin');
    const bytes = randomBytes(5 * MiB);
    await writeFile(file, bytes);
    // The visitor allows the site and picks the file in the (scripted) open-file dialog.
    const script = join(dir, 'ui.json');
    await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: [file] }));
    rapid = await launchRapidBrowser({ hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script } });
    const page = await rapid.browser.newPage();
    await page.goto(site.url);
    await waitForBridge(page);
    await installRawRecorder(page);

    const result = await page.evaluate(async (path: string) => {
      type Sdk = {
        initSession(): void;
        addEventListener(type: string, listener: (type: string, status: string) => void): void;
        showSelectFileDialogPromise(options: object): Promise<unknown>;
        readAsArrayBuffer(options: { path: string }): Promise<{ type: string; data: string }>;
      };
      const AW4 = (window as unknown as { AW4: { Connect: new (options: object) => Sdk } }).AW4;
      const connect = new AW4.Connect({ minVersion: '3.9.0' });
      await new Promise<void>((resolve) => {
        connect.addEventListener('status', (_type, status) => status === 'RUNNING' && resolve());
        connect.initSession();
      });
      await connect.showSelectFileDialogPromise({});
      const started = performance.now();
      const read = await connect.readAsArrayBuffer({ path });
      return { ...read, ms: performance.now() - started };
    }, file);

    expect(createHash('sha256').update(Buffer.from(result.data, 'base64')).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    const pieces = (await repliesIn(page)).filter((reply: RawReply) => reply.body64 !== undefined);
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(JSON.stringify(piece).length).toBeLessThan(MiB);
    expect(pieces.at(-1)?.complete).toBe(true);
    const mibPerSecond = 5 / (result.ms / 1000);
    console.log(
      `5 MiB read through the extension: ${result.ms.toFixed(0)} ms, ${mibPerSecond.toFixed(1)} MiB/s`,
    );
  });

  it('survives the host dying in the middle of a large reply: the page is told, and the SDK re-sends', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-large-'));
    const file = join(dir, 'twenty.bin');
    const bytes = randomBytes(20 * MiB);
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

    const read = page.evaluate(async (path: string) => {
      const connect = (
        window as unknown as { connect: { readAsArrayBuffer(o: object): Promise<{ data: string }> } }
      ).connect;
      return (await connect.readAsArrayBuffer({ path })).data;
    }, file);
    // Kill the host once the first pieces of the reply have reached the page.
    const started = Date.now();
    while (!(await repliesIn(page)).some((reply) => reply.body64 !== undefined)) {
      if (Date.now() - started > 20_000) throw new Error('no reply piece arrived');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [hostPid] = await rapid.hostPids();
    process.kill(hostPid as number, 'SIGKILL');

    const data = await read;
    expect(createHash('sha256').update(Buffer.from(data, 'base64')).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    expect(await disconnectsIn(page)).toContainEqual(expect.stringMatching(/native host has exited/i));
    expect(await rapid.hostPids()).not.toContain(hostPid);
  }, 90_000);
});
