// Activity poll with 1,000 transfers in the list: the full list (token 0), an only-changed poll (latest token),
// and a ping as the baseline, all over the daemon's socket in the same run. Needs `npm run build` first.
import { benchHome, direct, startHost, summary, timeEach } from './bench-lib.mjs';
import { percentile } from './lib/percentiles.mjs';

const TRANSFERS = 1000;
const N = 100;
// Slow engine: three transfers crawl, the rest stay queued, so the list holds 1,000 live records.
const home = await benchHome({ tickMs: 1000, bytesPerTick: 1, fileBytes: 1_000_000_000 });
const host = startHost(home.env);
try {
  await host.call('GET', '/connect/info/ping');
  const spec = (/** @type {number} */ n) => ({
    transfer_spec: {
      paths: [{ source: `/remote/f${n}.bin`, destination: `f${n}.bin` }],
      remote_host: 'node.example',
      direction: 'receive',
    },
    aspera_connect_settings: { app_id: 'bench', request_id: `r${n}` },
  });
  for (let n = 0; n < TRANSFERS; n += 100) {
    const batch = Array.from({ length: 100 }, (_, i) => spec(n + i));
    await direct(home.socket, 'POST', '/connect/transfers/start', JSON.stringify({ transfer_specs: batch }));
  }
  const poll = (/** @type {number} */ token) =>
    direct(home.socket, 'POST', '/connect/transfers/activity', JSON.stringify({ iteration_token: token }));
  const first = JSON.parse(/** @type {string} */ (await poll(0)));
  console.log(
    `list: ${first.result_count} transfers, ${(JSON.stringify(first).length / 1024).toFixed(0)} KiB per full poll`,
  );
  const full = await timeEach(N, () => poll(0));
  let token = first.iteration_token;
  const changed = await timeEach(N, async () => {
    const answer = JSON.parse(/** @type {string} */ (await poll(token)));
    token = answer.iteration_token;
  });
  const ping = await timeEach(N, () => direct(home.socket, 'GET', '/connect/info/ping'));
  const viaHost = await timeEach(20, () =>
    host.call('POST', '/connect/transfers/activity', '{"iteration_token":0}'),
  );
  console.log(`activity, full list     (${N}): ${summary(full)}`);
  console.log(`activity, only changed  (${N}): ${summary(changed)}`);
  console.log(`ping                    (${N}): ${summary(ping)}  [baseline]`);
  console.log(`activity, full, via host (20): ${summary(viaHost)}`);
  console.log(`ratio full/ping p50 ${(percentile(full, 0.5) / percentile(ping, 0.5)).toFixed(1)}×`);
} finally {
  host.close();
  await home.cleanup();
}
