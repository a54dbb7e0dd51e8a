// The DAM web app's folder screen at 10,000 assets, by hand: `npm run bench:dam-web` (after `npm run build`).
// A real DAM server on PGlite with the demo's accounts and one folder of 10,000 assets, Debian's Chromium through
// puppeteer-core at 1920×1080. Measures navigation → the first 50 tiles painted (thumbnails decoded), the frame
// times while scrolling through the whole folder (requestAnimationFrame deltas), and the JavaScript the login page
// and the folder screen load first, until the page is ready and half a second after (gzip sizes; the DAM server
// sends the build's precompressed brotli, smaller still). Prints each figure beside its target.
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';
import { seedBigFolder } from '../../dam-app/server/bench/big-folder.ts';
import { ADMIN_PASSWORD, launchChromium, startDamWebSite } from '../../test/e2e/harness/dam-web.ts';
import { percentile } from './lib/percentiles.mjs';

const ASSETS = 10_000;
// Issue 31: the first 50 tiles ≤ 1 s cold and ≤ 300 ms warm; scrolling p95 ≤ one frame at 60 Hz at 100 px a frame,
// ≤ two at 400 px; the folder screen's first JavaScript ≤ 300 KB gzip.
const TARGETS = {
  firstTilesMs: 1000,
  warmTilesMs: 300,
  p95FrameMs: { 100: 16.7, 400: 33.4 },
  initialJsKb: 300,
};

const print = (line: string) => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JavaScript a page loads until it shows `ready`: raw and gzip bytes. */
async function initialJs(page: Page, url: string, ready: (page: Page) => Promise<unknown>) {
  const scripts = new Map<string, { body: Buffer; beforeReady: boolean }>();
  let isReady = false;
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const beforeReady = !isReady;
    scripts.set(response.url(), { body: await response.buffer().catch(() => Buffer.alloc(0)), beforeReady });
  });
  await page.goto(url);
  await ready(page);
  isReady = true;
  await new Promise((resolve) => setTimeout(resolve, 500));
  let raw = 0;
  let gzip = 0;
  let gzipBeforeReady = 0;
  for (const { body, beforeReady } of scripts.values()) {
    raw += body.length;
    gzip += gzipSync(body).length;
    if (beforeReady) gzipBeforeReady += gzipSync(body).length;
  }
  return { files: scripts.size, raw, gzip, gzipBeforeReady };
}

/**
 * Milliseconds from navigation start until 50 tiles are in the page, and until 50 of them show a decoded thumbnail,
 * checked in the page every frame.
 */
async function firstTiles(page: Page, url: string): Promise<{ tiles: number; painted: number }> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const painted = await page.waitForFunction(
    () => {
      const seen = window as unknown as { tilesAt?: number };
      const images = [...document.querySelectorAll<HTMLImageElement>('[role="option"] img')];
      if (images.length >= 50) seen.tilesAt ??= performance.now();
      const done = images.filter((img) => img.complete && img.naturalWidth > 0).length;
      return done >= 50 ? { tiles: seen.tilesAt ?? 0, painted: performance.now() } : undefined;
    },
    { polling: 'raf', timeout: 60_000 },
  );
  return (await painted.jsonValue()) as { tiles: number; painted: number };
}

// In-page code as text: tsx would wrap named functions in a helper (`__name`) that the page does not have.
const SCROLL_THROUGH = `(pixelsPerFrame) => new Promise((resolve) => {
  const deltas = [];
  const started = performance.now();
  let last = started;
  const frame = (now) => {
    deltas.push(now - last);
    last = now;
    window.scrollBy(0, pixelsPerFrame);
    const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    if (end || performance.now() - started > 60000) {
      const options = document.querySelectorAll('[role="option"]');
      resolve({
        deltas: deltas.slice(1),
        options: options.length,
        lastName: options[options.length - 1]?.getAttribute('data-asset-name') ?? null,
        reached: (window.scrollY + window.innerHeight) / document.documentElement.scrollHeight,
      });
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/** Scrolls the window through the whole folder, a fixed step per frame, and records every frame's duration. */
async function scrollFrames(page: Page, step: number) {
  return (await page.evaluate(`(${SCROLL_THROUGH})(${step})`)) as {
    deltas: number[];
    options: number;
    lastName: string | null;
    reached: number;
  };
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');

async function main() {
  const site = await startDamWebSite();
  let browser: Browser | undefined;
  try {
    print(
      `load average before the run: ${loadavg()
        .map((each) => each.toFixed(1))
        .join(', ')} on ${cpus().length} cores`,
    );
    const seeded = await seedBigFolder(site.runtime.services, ASSETS);
    const folderId = seeded.folderId;
    print(
      `seeded ${ASSETS} assets and ${seeded.thumbnails} thumbnails in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    browser = await launchChromium();
    const folderUrl = new URL(`#/folder/${folderId}`, site.url).href;

    const loginContext = await browser.createBrowserContext();
    const loginPage = await loginContext.newPage();
    const login = await initialJs(loginPage, new URL('#/login', site.url).href, (page) =>
      page.waitForSelector('input[name="password"]', { visible: true }),
    );
    await loginContext.close();

    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1920, height: 1080 });
    await page.goto(new URL('#/login', site.url).href);
    await page.evaluate(async (password) => {
      await fetch('/api/v1/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
    }, ADMIN_PASSWORD);
    // A fresh context with the session cookie: nothing of the app is cached yet.
    const cold = await browser.createBrowserContext();
    const cookies = await page.cookies();
    await page.close();
    const folderPage = await cold.newPage();
    await folderPage.setViewport({ width: 1920, height: 1080 });
    await folderPage.setCookie(...cookies);
    const folder = await initialJs(folderPage, folderUrl, (target) =>
      target.waitForSelector('[role="option"]', { visible: true, timeout: 60_000 }),
    );
    await cold.close();

    // Printed at once: on a loaded machine a later step may time out.
    for (const [name, figures] of [
      ['login page', login],
      ['folder screen', folder],
    ] as const)
      print(
        `initial JS, ${name}: ${figures.files} files, ${kb(figures.raw)} raw, ${kb(figures.gzip)} gzip ` +
          `(${kb(figures.gzipBeforeReady)} of it before the page was ready) — target ≤ ${TARGETS.initialJsKb} KB gzip: ${verdict(figures.gzip <= TARGETS.initialJsKb * 1024)}`,
      );
    const tiles: number[] = [];
    const inPage: number[] = [];
    let lastTab: Page | undefined;
    for (let run = 0; run < 5; run++) {
      const tab = await context.newPage();
      await tab.setViewport({ width: 1920, height: 1080 });
      // A background tab gets no animation frames: the one measured is in front.
      await tab.bringToFront();
      const shown = await firstTiles(tab, folderUrl);
      tiles.push(shown.painted);
      inPage.push(shown.tiles);
      if (run < 4) await tab.close();
      else lastTab = tab;
    }
    const coldTiles = tiles[0] ?? 0;
    const warm = [...tiles.slice(1)].sort((a, b) => a - b);
    print(
      `navigation → first 50 tiles painted: first load ${coldTiles.toFixed(0)} ms, then median ${percentile(warm, 0.5).toFixed(0)} ms ` +
        `(runs: ${tiles.map((each) => each.toFixed(0)).join(', ')}; the 50 tiles were in the page at ` +
        `${inPage.map((each) => each.toFixed(0)).join(', ')} ms, before their thumbnails) — target ≤ ${TARGETS.firstTilesMs} ms cold: ${verdict(coldTiles <= TARGETS.firstTilesMs)}, ≤ ${TARGETS.warmTilesMs} ms warm: ${verdict(percentile(warm, 0.5) <= TARGETS.warmTilesMs)}`,
    );
    const tab = lastTab as Page;
    await tab.waitForFunction(() => document.querySelectorAll('[role="option"]').length >= 50);
    // A wheel-like scroll (100 px a frame, 6,000 px/s, at most 60 s) and a fling (400 px a frame) to the end.
    for (const step of [100, 400]) {
      await tab.evaluate(() => window.scrollTo(0, 0));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const scroll = await scrollFrames(tab, step);
      const target = TARGETS.p95FrameMs[step as 100 | 400];
      const sorted = [...scroll.deltas].sort((a, b) => a - b);
      const p50 = percentile(sorted, 0.5);
      const p95 = percentile(sorted, 0.95);
      const slow = sorted.filter((each) => each > 50).length;
      print(
        `scroll ${step} px/frame through ${ASSETS} assets: ${sorted.length} frames, p50 ${p50.toFixed(1)} ms, ` +
          `p95 ${p95.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms, ${slow} frames over 50 ms; ` +
          `${(scroll.reached * 100).toFixed(0)}% down, ${scroll.options} tiles in the DOM (last: ${scroll.lastName}) ` +
          `— target p95 ≤ ${target} ms: ${verdict(p95 <= target)}`,
      );
    }
    // The fling over a plain page as tall, in the same browser: what this machine gives any page.
    const plain = await context.newPage();
    await plain.setViewport({ width: 1920, height: 1080 });
    await plain.bringToFront();
    const height = await tab.evaluate(() => document.documentElement.scrollHeight);
    await plain.evaluate((tall) => {
      document.body.style.margin = '0';
      const block = document.createElement('div');
      block.style.height = `${tall}px`;
      block.style.borderLeft = '8px solid #ccc';
      document.body.append(block);
    }, height);
    const base = await scrollFrames(plain, 400);
    const baseSorted = [...base.deltas].sort((a, b) => a - b);
    print(
      `baseline, a plain page as tall: ${baseSorted.length} frames, p50 ${percentile(baseSorted, 0.5).toFixed(1)} ms, ` +
        `p95 ${percentile(baseSorted, 0.95).toFixed(1)} ms`,
    );
  } finally {
    await browser?.close();
    await site.close();
  }
}

await main();
