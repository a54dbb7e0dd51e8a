import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { installRawRecorder, sendRaw, versionRequest, waitForBridge } from './harness/raw-protocol.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

let site: TestSite;
let rapid: RapidBrowser | undefined;

beforeAll(async () => {
  await assertBuilt();
  site = await startTestSite({ 'index.html': '<!doctype html><title>firefox</title><p>firefox</p>' });
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
});
