// What the browser hops (page → content script → service worker → native host) add to Connect calls, against the
// host alone (stdio, no browser) in the same run: latency of small calls, and throughput of large replies, which
// go over loopback with a one-time ticket (sdk/LARGE-REPLIES.md), and, on a page whose CSP keeps it off loopback,
// as body64 pieces under the 1 MiB native-messaging cap. Run by hand: `npm run bench:round-trip`.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt } from '../../test/e2e/harness/artifacts.ts';
import { launchRapidBrowser } from '../../test/e2e/harness/rapid-browser.ts';
import { waitForBridge } from '../../test/e2e/harness/raw-protocol.ts';
import { startTestSite } from '../../test/e2e/harness/test-site.ts';
import { startHost } from './bench-lib.mjs';
import { formatRow, HEADER, summarize } from './lib/stats.ts';

const CALLS = Number(process.env.CALLS ?? 1000);
const SIZES_MIB = [1, 5, 20];
const RUNS = 3;

await assertBuilt();
const dir = await mkdtemp(join(tmpdir(), 'rapid-bench-'));
const files = new Map<number, string>();
for (const size of SIZES_MIB) {
  const file = join(dir, `${size}.bin`);
  await writeFile(file, randomBytes(size * 1024 * 1024));
  files.set(size, file);
}
// The visitor allows the site and picks the files in the (scripted) open-file dialog, so reads are permitted.
const script = join(dir, 'ui.json');
await writeFile(script, JSON.stringify({ consent: { '*': true }, open_files: [...files.values()] }));
const hostEnv = { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: script };
const PAGE = '<!doctype html><title>bench</title><script src="/sdk/js/connect-sdk.js"></script>';
const site = await startTestSite({
  'index.html': PAGE,
  // The same page with a CSP that forbids loopback: its large reads fall back to native messaging.
  'csp.html': PAGE.replace(
    '<title>',
    `<meta http-equiv="Content-Security-Policy" content="connect-src 'self'"><title>`,
  ),
});
const rapid = await launchRapidBrowser({ hostEnv });
try {
  const page = await rapid.browser.newPage();
  await page.goto(site.url);
  await waitForBridge(page);
  // tsx compiles with keepNames, which wraps functions in a `__name` helper that does not exist in the page.
  await page.evaluate('globalThis.__name = (fn) => fn');

  // Small calls, timed inside the page as a page experiences them; the first one starts the host.
  const browserSamples = await page.evaluate(async (count: number) => {
    const call = (id: number) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const onMessage = (event: MessageEvent) => {
          if (event.data?.type !== 'AsperaConnectResponse' || event.data.detail.request_id !== id) return;
          window.removeEventListener('message', onMessage);
          resolve(performance.now() - started);
        };
        window.addEventListener('message', onMessage);
        const detail = {
          request_id: id,
          min_version: '',
          method: 'GET',
          uri_reference: '/connect/info/version',
          body: '',
        };
        document.dispatchEvent(new CustomEvent('AsperaConnectRequest', { detail }));
      });
    const first = await call(1);
    const samples: number[] = [];
    for (let i = 0; i < count; i++) samples.push(await call(100 + i));
    return { first, samples };
  }, CALLS);

  // Large replies through the page SDK: pick the files once, then read each size RUNS times; over loopback on the
  // plain page, through native messaging on the CSP page.
  const readsOn = (target: typeof page) =>
    target.evaluate(
      async (paths: string[], runs: number) => {
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
        await connect.showSelectFileDialogPromise({ allowMultipleSelection: true });
        // When each body64 piece reaches the page, so the time after the last one (the SDK's own share: decoding,
        // reassembly, JSON, the promise) can be told from the time the pieces take to arrive.
        let lastPiece = 0;
        window.addEventListener('message', (event) => {
          if (event.data?.detail?.body64 !== undefined) lastPiece = performance.now();
        });
        const times: number[][] = [];
        const tails: number[][] = [];
        for (const path of paths) {
          const each: number[] = [];
          const tail: number[] = [];
          for (let i = 0; i < runs; i++) {
            const started = performance.now();
            await connect.readAsArrayBuffer({ path });
            const ended = performance.now();
            each.push(ended - started);
            tail.push(ended - lastPiece);
          }
          times.push(each);
          tails.push(tail);
        }
        return { times, tails };
      },
      [...files.values()],
      RUNS,
    );
  const pageReads = await readsOn(page);
  const cspPage = await rapid.browser.newPage();
  await cspPage.goto(`${site.url}csp.html`);
  await waitForBridge(cspPage);
  await cspPage.evaluate('globalThis.__name = (fn) => fn');
  const pieceReads = await readsOn(cspPage);

  const host = startHost({ ...process.env, ...hostEnv, RAPID_HOME: rapid.rapidHome });
  await host.call('GET', '/connect/info/version');
  const hostSamples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await host.call('GET', '/connect/info/version');
    hostSamples.push(performance.now() - started);
  }
  await host.call(
    'POST',
    '/connect/windows/select-open-file-dialog/',
    JSON.stringify({ allowMultipleSelection: true }),
  );
  const hostReads: number[][] = [];
  for (const path of files.values()) {
    const each: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const reply = (await host.call(
        'POST',
        '/connect/file/read-as-array-buffer/',
        JSON.stringify({ path }),
      )) as {
        status: number;
      };
      if (reply.status !== 200) throw new Error(`host read of ${path} answered ${reply.status}`);
      each.push(performance.now() - started);
    }
    hostReads.push(each);
  }
  host.close();

  const browser = summarize(browserSamples.samples);
  const baseline = summarize(hostSamples);
  console.log(`\nGET /connect/info/version, ${CALLS} sequential calls after one warm-up call`);
  console.log(HEADER);
  console.log(formatRow('page → extension → host → daemon', browser));
  console.log(formatRow('baseline: host stdio → daemon', baseline));
  console.log(`first call from the page (starts the host): ${browserSamples.first.toFixed(1)} ms`);
  console.log(
    `ratio page/baseline: p50 ${(browser.p50 / baseline.p50).toFixed(2)}×, p99 ${(browser.p99 / baseline.p99).toFixed(2)}×`,
  );

  console.log(`\nread-as-array-buffer, median of ${RUNS} (file MiB/s; base64 puts 4/3 of that on the wire)`);
  const rate = (size: number, ms: number) =>
    `${ms.toFixed(0).padStart(6)} ms ${(size / (ms / 1000)).toFixed(1).padStart(6)} MiB/s`;
  SIZES_MIB.forEach((size, index) => {
    const pageMs = summarize(pageReads.times[index] ?? []).p50;
    const piecesMs = summarize(pieceReads.times[index] ?? []).p50;
    const tailMs = summarize(pieceReads.tails[index] ?? []).p50;
    const hostMs = summarize(hostReads[index] ?? []).p50;
    console.log(
      `${String(size).padStart(3)} MiB  page, loopback ${rate(size, pageMs)}   host stdio ${rate(size, hostMs)}` +
        `   ratio ${(hostMs / pageMs).toFixed(2)}× of the host's speed` +
        `   | page, native messaging (fallback) ${rate(size, piecesMs)} ${(hostMs / piecesMs).toFixed(2)}×,` +
        ` after the last piece ${tailMs.toFixed(0)} ms`,
    );
  });
} finally {
  await rapid.close();
  await site.close();
  await rm(dir, { recursive: true, force: true });
}
