import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startDamServer } from '../../dam-app/server/start-server.ts';
import { STATIC_ROOTS } from '../../dam-app/server/static-roots.ts';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { saveScreenshot } from './harness/screenshot.ts';

// The SDK's reference and guides as `npm start` serves them at /sdk/docs/, in Chromium under the DAM's CSP:
// they render, nothing is refused, the search finds a method. Screenshots for the note.
let server: RunningServer;
let rapid: RapidBrowser;
let publicDir = '';

beforeAll(async () => {
  await assertBuilt();
  publicDir = await mkdtemp(join(tmpdir(), 'rapid-docs-e2e-'));
  server = await startDamServer({ port: 0, publicDir, sdkDir: STATIC_ROOTS.sdkDir });
  rapid = await launchRapidBrowser({ registerHost: false });
});
afterAll(async () => {
  await rapid?.close();
  await server?.close();
  await rm(publicDir, { recursive: true, force: true });
});

describe('the SDK docs at /sdk/docs/', () => {
  it('render the reference and a guide under the strict CSP, and the search finds a method', async () => {
    const page = await rapid.browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/i.test(message.text())) refused.push(message.text());
    });
    await page.setViewport({ width: 1280, height: 900 });

    const reference = await page.goto(`${server.url}sdk/docs/classes/_rapid_sdk.Connect.html`);
    expect(reference?.status()).toBe(200);
    await page.waitForSelector('#starttransfer');
    const example = await page.$eval(
      '#starttransfer',
      (anchor) => anchor.closest('section')?.textContent ?? '',
    );
    expect(example).toContain('connect.startTransfer(spec');
    await saveScreenshot(page, 'sdk-docs-reference');

    const guide = await page.goto(`${server.url}sdk/docs/documents/Quick_start_with_a_script_tag.html`);
    expect(guide?.status()).toBe(200);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toContain(
      'Quick start with a script tag',
    );
    await saveScreenshot(page, 'sdk-docs-guide');

    await page.click('#tsd-search-trigger').catch(() => page.focus('#tsd-search input'));
    await page.keyboard.type('resumeTransfer');
    await page.waitForFunction(() => document.body.innerText.includes('Connect.resumeTransfer'), {
      timeout: 10_000,
    });

    expect(refused).toEqual([]);
  });
});
