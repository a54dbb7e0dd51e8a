import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import {
  installRawRecorder,
  repliesIn,
  sendRaw,
  versionRequest,
  waitForBridge,
} from './harness/raw-protocol.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

let site: TestSite;
let rapid: RapidBrowser | undefined;

beforeAll(async () => {
  await assertBuilt();
  site = await startTestSite({
    'index.html': '<!doctype html><title>firefox</title><p>firefox</p>',
    'sdk.html': '<!doctype html><title>sdk</title><script src="/sdk/js/connect-sdk.js"></script><p>sdk</p>',
  });
});
afterAll(() => site.close());
afterEach(async () => {
  await rapid?.close();
  rapid = undefined;
});

describe('Firefox', () => {
  it('passes web-ext lint with no errors', async () => {
    const webExt = new URL('../../node_modules/.bin/web-ext', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(
      webExt,
      ['lint', '--source-dir', ARTIFACTS.firefoxExtensionDir, '--output', 'json'],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { errors: { code: string; message: string }[] };
    expect(report.errors).toEqual([]);
  });

  it('relays a page request to the native host and back in Firefox ESR', async () => {
    rapid = await launchRapidBrowser({ family: 'firefox' });
    const page = await rapid.browser.newPage();
    await page.goto(site.url);
    await waitForBridge(page);
    await installRawRecorder(page);
    await sendRaw(page, versionRequest(7));
    await page.waitForFunction(
      () => (window as unknown as { rapidReplies: unknown[] }).rapidReplies.length > 0,
      {
        polling: 100,
      },
    );
    const [reply] = await page.evaluate(
      () => (window as unknown as { rapidReplies: { body: string }[] }).rapidReplies,
    );
    expect(reply).toMatchObject({ request_id: 7, status: 200 });
    expect(JSON.parse(reply?.body ?? '')).toHaveProperty('version');
  }, 90_000);

  it('reads a large chosen file over loopback with a ticket from the extension, not in body64 pieces', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rapid-firefox-large-'));
    try {
      const file = join(dir, 'large.bin');
      const bytes = randomBytes(5 * 1024 * 1024);
      await writeFile(file, bytes);
      const script = join(dir, 'ui.json');
      await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: [file] }));
      rapid = await launchRapidBrowser({
        family: 'firefox',
        hostEnv: { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script },
      });
      const page = await rapid.browser.newPage();
      await page.goto(`${site.url}sdk.html`);
      await waitForBridge(page);
      await installRawRecorder(page);
      const data = await page.evaluate(async (path: string) => {
        type Sdk = {
          initSession(): void;
          addEventListener(type: string, listener: (type: string, status: string) => void): void;
          showSelectFileDialogPromise(options: object): Promise<unknown>;
          readAsArrayBuffer(options: { path: string }): Promise<{ data: string }>;
        };
        const AW4 = (window as unknown as { AW4: { Connect: new (options: object) => Sdk } }).AW4;
        const connect = new AW4.Connect({ minVersion: '3.9.0' });
        await new Promise<void>((resolve) => {
          connect.addEventListener('status', (_type, status) => status === 'RUNNING' && resolve());
          connect.initSession();
        });
        await connect.showSelectFileDialogPromise({});
        return (await connect.readAsArrayBuffer({ path })).data;
      }, file);
      const sha256 = (value: Buffer) => createHash('sha256').update(value).digest('hex');
      expect(sha256(Buffer.from(data, 'base64'))).toBe(sha256(bytes));
      expect((await repliesIn(page)).filter((reply) => reply.body64 !== undefined)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
