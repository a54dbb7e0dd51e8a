// The Notification center with 10,000 notifications and the bell's live latency, by hand:
// `npx tsx scripts/bench/dam-notifications.ts [pages] [open]` (after `npm run build`). A real DAM server on PGlite
// with the demo's accounts; 10,000 notifications for Carlos. Measures the first page's API answer, navigation → the
// center's first rows painted in Debian's Chromium (target ≤ 300 ms), and, with `pages` Chromium pages (default 20)
// signed in as Carlos, the time from a notification's commit to every page's bell showing it. Then the issue's
// figure: `open` open pages in all (default 200) — the Chromium pages plus push-channel streams opened as a page
// opens it (GET /api/v1/events with Carlos's session) — and an action over HTTP (Rita's comment mentioning
// @carlos): from the request's start to each page hearing its notification, p95 (target ≤ 1 s).

import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { notify } from '../../dam-app/server/notifications/notify.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { sampleJpeg } from '../../dam-app/server/test-support/sample-media.ts';
import { launchChromium, startDamWebSite, withInstallPromptClosed } from '../../test/e2e/harness/dam-web.ts';
import { percentile } from './lib/percentiles.mjs';

const NOTIFICATIONS = 10_000;
const PAGES = Number(process.argv[2] ?? 20);
const OPEN = Math.max(PAGES, Number(process.argv[3] ?? 200));
const TARGETS = { centerMs: 300, liveP95Ms: 1000 };
const print = (line: string) => process.stdout.write(`${line}\n`);

const site = await startDamWebSite();
const { services } = site.runtime;
try {
  const carlos = site.logins.find((each) => each.username === 'carlos');
  if (!carlos) throw new Error('no demo login carlos');
  const carlosId = (
    await services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'carlos')
      .executeTakeFirstOrThrow()
  ).id;
  for (let first = 1; first <= NOTIFICATIONS; first += 1000)
    await services.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          user_id: carlosId,
          type: 'Upload',
          subject: `photo-${first + i}.jpg`,
          actor_id: null,
          target_kind: 'asset',
          target_id: String(first + i),
          key: null,
        })),
      )
      .execute();

  const client = new ApiClient(site.url);
  await client.login(carlos.username, carlos.password);
  const api: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const answer = await client.get('/notifications?limit=50');
    api.push(performance.now() - started);
    if (answer.body.items.length !== 50) throw new Error('the first page is not 50 rows');
  }
  print(
    `GET /notifications (first 50 of ${NOTIFICATIONS}): median ${percentile(api, 0.5).toFixed(1)} ms, p95 ${percentile(api, 0.95).toFixed(1)} ms`,
  );

  const browser = await launchChromium();
  const open = async () => {
    // Each page in its own context: a browser holds 6 HTTP/1.1 connections per host, and each open page keeps one
    // for its push channel (as separate people's browsers would).
    const context = await browser.createBrowserContext();
    const page = await withInstallPromptClosed(await context.newPage());
    // Many pages loading at once on a busy machine take longer than puppeteer's 30 s default.
    page.setDefaultTimeout(180_000);
    await page.setViewport({ width: 1280, height: 900 });
    await page.setCookie(
      ...(client.cookie ?? '').split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name ?? '', value: value.join('='), url: site.url };
      }),
    );
    return page;
  };
  const page = await open();
  await page.goto(new URL('#/', site.url).href);
  await page.waitForSelector('[data-notification-bell]', { timeout: 60_000 });
  const center: number[] = [];
  for (let i = 0; i < 7; i++) {
    await page.goto(new URL('#/', site.url).href);
    await page.waitForSelector('[data-notification-bell]', { timeout: 60_000 });
    const started = Date.now();
    await page.locator('[data-notification-bell]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-notification]').length >= 50, {
      polling: 'raf',
      timeout: 60_000,
    });
    center.push(Date.now() - started);
  }
  const warm = center.slice(1);
  print(
    `Notification center, click → 50 rows painted: first ${center[0]} ms, then median ${percentile(warm, 0.5)} ms, max ${Math.max(...warm)} ms (target ≤ ${TARGETS.centerMs} ms)`,
  );

  const pages: Page[] = [page];
  while (pages.length < PAGES) pages.push(await open());
  for (const each of pages) {
    await each.goto(new URL('#/tasks', site.url).href);
    await each.waitForSelector('[data-notification-bell] [data-unread-count]');
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const latencies: number[] = [];
  for (let round = 1; round <= 5; round++) {
    const before = await pages[0]?.$eval('[data-unread-count]', (badge) =>
      badge.getAttribute('data-unread-count'),
    );
    const started = Date.now();
    await services.db.transaction().execute((trx) =>
      notify(trx, services.config, {
        type: 'Custom',
        actorId: null,
        subject: `round ${round}`,
        to: [carlosId],
      }),
    );
    await Promise.all(
      pages.map(async (each) => {
        await each.waitForFunction(
          (seen) => document.querySelector('[data-unread-count]')?.getAttribute('data-unread-count') !== seen,
          { timeout: 30_000 },
          before ?? '',
        );
        latencies.push(Date.now() - started);
      }),
    );
  }
  print(
    `Bell on ${PAGES} open pages, commit → count shown: p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms (target ≤ ${TARGETS.liveP95Ms} ms)`,
  );

  // The figure: OPEN open pages, an action over HTTP, each page hearing it.
  const streams = await Promise.all(
    Array.from({ length: OPEN - PAGES }, () => openStream(site.url, client.cookie ?? '')),
  );
  const rita = new ApiClient(site.url);
  const ritaLogin = site.logins.find((each) => each.username === 'rita');
  if (!ritaLogin) throw new Error('no demo login rita');
  await rita.login(ritaLogin.username, ritaLogin.password);
  await sampleJpeg(join(services.config.storageRoot, 'Library/Bench/mentioned.jpg'));
  const asset = (await client.post('/assets/ingest', { path: 'Library/Bench/mentioned.jpg' })).body.asset.id;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const action: number[] = [];
  const actionPages: number[] = [];
  for (let round = 1; round <= 5; round++) {
    const before = await pages[0]?.$eval('[data-unread-count]', (badge) =>
      badge.getAttribute('data-unread-count'),
    );
    for (const stream of streams) stream.heard = undefined;
    const started = Date.now();
    const made = await rita.post(`/assets/${asset}/comments`, { body: `Round ${round}, @carlos` });
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    await Promise.all([
      ...pages.map(async (each) => {
        await each.waitForFunction(
          (seen) => document.querySelector('[data-unread-count]')?.getAttribute('data-unread-count') !== seen,
          { timeout: 30_000 },
          before ?? '',
        );
        const ms = Date.now() - started;
        action.push(ms);
        actionPages.push(ms);
      }),
      ...streams.map(async (stream) => action.push((await stream.next()) - started)),
    ]);
  }
  print(
    `${OPEN} open pages (${PAGES} in Chromium, ${OPEN - PAGES} push streams), Rita's comment @carlos → heard: p50 ${percentile(action, 0.5)} ms, p95 ${percentile(action, 0.95)} ms, max ${Math.max(...action)} ms; Chromium bells p95 ${percentile(actionPages, 0.95)} ms (target ≤ ${TARGETS.liveP95Ms} ms)`,
  );
  for (const stream of streams) stream.close();
  await browser.close();
} finally {
  await site.close();
}

/** A page's push channel without the page: the `notification` events of the session's person, as they arrive. */
async function openStream(base: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(new URL('/api/v1/events', base), {
    headers: { cookie },
    signal: abort.signal,
  });
  if (!response.body) throw new Error('no event stream');
  const waiting: ((at: number) => void)[] = [];
  const stream = {
    heard: undefined as number | undefined,
    next: () =>
      new Promise<number>((resolve) => {
        if (stream.heard !== undefined) resolve(stream.heard);
        else waiting.push(resolve);
      }),
    close: () => abort.abort(),
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (!/^event: notification$/m.test(block)) continue;
          stream.heard = Date.now();
          for (const resolve of waiting.splice(0)) resolve(stream.heard);
        }
      }
    } catch {
      // Closed.
    }
  })();
  return stream;
}
