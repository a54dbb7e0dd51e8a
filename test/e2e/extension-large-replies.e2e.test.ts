import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { installRawRecorder, type RawReply, repliesIn, waitForBridge } from './harness/raw-protocol.ts';
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
});
