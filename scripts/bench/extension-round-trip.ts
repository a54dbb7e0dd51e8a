// Round-trip latency of Connect calls, page → content script → service worker → native host → daemon and back,
// against the host alone (stdio, no browser) measured in the same run. Run by hand: `npm run bench:round-trip`.
import { ARTIFACTS, assertBuilt } from '../../test/e2e/harness/artifacts.ts';
import { launchRapidBrowser } from '../../test/e2e/harness/rapid-browser.ts';
import { installRawRecorder, waitForBridge } from '../../test/e2e/harness/raw-protocol.ts';
import { startTestSite } from '../../test/e2e/harness/test-site.ts';
import { openHostStdio } from './lib/host-stdio.ts';
import { formatRow, HEADER, summarize } from './lib/stats.ts';

const CALLS = Number(process.env.CALLS ?? 1000);
const version = (request_id: number) => ({
  request_id,
  min_version: '',
  method: 'GET',
  uri_reference: '/connect/info/version',
  body: '',
});

await assertBuilt();
const site = await startTestSite({ 'index.html': '<!doctype html><title>bench</title>' });
const rapid = await launchRapidBrowser();
try {
  const page = await rapid.browser.newPage();
  await page.goto(site.url);
  await waitForBridge(page);
  await installRawRecorder(page);
  // tsx compiles with keepNames, which wraps functions in a `__name` helper that does not exist in the page.
  await page.evaluate('globalThis.__name = (fn) => fn');

  // Sequential calls timed inside the page, as a page would experience them; the first call starts the host.
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
        document.dispatchEvent(
          new CustomEvent('AsperaConnectRequest', {
            detail: {
              request_id: id,
              min_version: '',
              method: 'GET',
              uri_reference: '/connect/info/version',
              body: '',
            },
          }),
        );
      });
    const first = await call(1);
    const samples: number[] = [];
    for (let i = 0; i < count; i++) samples.push(await call(100 + i));
    return { first, samples };
  }, CALLS);

  const host = openHostStdio(ARTIFACTS.hostScript, rapid.rapidHome);
  const sender = { url: 'http://127.0.0.1/', origin: 'http://127.0.0.1' };
  await host.call({ ...version(1), type: 'AsperaConnectRequest', frame_id: 'bench', sender });
  const hostSamples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await host.call({ ...version(100 + i), type: 'AsperaConnectRequest', frame_id: 'bench', sender });
    hostSamples.push(performance.now() - started);
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
} finally {
  await rapid.close();
  await site.close();
}
