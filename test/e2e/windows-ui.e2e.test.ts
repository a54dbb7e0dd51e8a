import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTIFACTS, CHROMIUM_PATH } from './harness/artifacts.ts';
import { daemonPorts, makeRapidHome, PAGE_ORIGIN, spawnHost } from './harness/host-process.ts';
import { launchBrowser } from './harness/launch-browser.ts';

const DAEMON = ARTIFACTS.hostScript.replace('rapid-host.mjs', 'rapid-daemon.mjs');
let home: Awaited<ReturnType<typeof makeRapidHome>> | undefined;
let browser: Browser | undefined;
let daemon: ChildProcess | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
  daemon?.kill('SIGTERM');
  daemon = undefined;
  await home?.cleanup();
  home = undefined;
});

async function uiBase(rapidHome: string): Promise<string> {
  return `http://127.0.0.1:${(await daemonPorts(rapidHome)).http}/ui`;
}

describe('the windows (React, served by the daemon)', () => {
  it('edits real settings in Preferences and controls a transfer in the Transfer Manager', async () => {
    home = await makeRapidHome({ tickMs: 100, bytesPerTick: 10, fileBytes: 1_000_000 });
    daemon = spawn(process.execPath, [DAEMON], { env: home.env, stdio: 'ignore' });
    const base = await uiBase(home.home);
    browser = await launchBrowser({
      executablePath: CHROMIUM_PATH,
      headless: true,
      pipe: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const page = await browser.newPage();

    await page.goto(`${base}/about`);
    await page.waitForFunction(() => document.querySelector('[data-testid="version"]')?.textContent !== '…');

    await page.goto(`${base}/preferences/transfers`);
    const input = await page.waitForSelector('input[name="concurrent_transfers"]');
    await input?.click({ count: 3 });
    await input?.type('7');
    await page.click('button ::-p-text(Save)');
    await page.waitForFunction(() => document.querySelector('[role="status"]')?.textContent === 'Saved.');
    expect(JSON.parse(await readFile(join(home.home, 'settings.json'), 'utf8')).concurrent_transfers).toBe(7);

    const host = spawnHost(home.env);
    await host.call('POST', '/connect/transfers/start', {
      transfer_specs: [
        {
          transfer_spec: {
            paths: [{ source: '/r/movie.mov', destination: 'movie.mov' }],
            remote_host: 'h',
            direction: 'receive',
          },
        },
      ],
    });
    await host.close();
    await page.goto(`${base}/transfers`);
    await page.waitForSelector('tr[data-status="running"]');
    await page.click('tr[data-status="running"] button ::-p-text(Stop)');
    await page.waitForSelector('tr[data-status="cancelled"]');

    // The page's consent is listed under Security; withdrawing it there is what the daemon then enforces.
    await page.goto(`${base}/preferences/security`);
    const allowed = await page.waitForSelector(`label ::-p-text(${PAGE_ORIGIN})`);
    await allowed?.click();
    await page.type(`input[name="key-${PAGE_ORIGIN}"]`, 'dam-key-123');
    await page.click('button ::-p-text(Save)');
    await page.waitForFunction(() => document.querySelector('[role="status"]')?.textContent === 'Saved.');
    const saved = JSON.parse(await readFile(join(home.home, 'settings.json'), 'utf8'));
    expect(saved.trusted_sites[PAGE_ORIGIN]).toEqual({ allowed: false, authorization_key: 'dam-key-123' });
  });
});
