// Native-host round trip: 1,000 version calls browser-side framing → host → daemon → back, against a baseline of the
// same call made straight to the daemon's socket in the same run. Needs `npm run build` first.
import { benchHome, direct, startHost, summary, timeEach } from './bench-lib.mjs';
import { percentile } from './lib/percentiles.mjs';

const N = 1000;
const home = await benchHome();
const host = startHost(home.env);
try {
  const coldStarted = performance.now();
  await host.call('GET', '/connect/info/version');
  const cold = performance.now() - coldStarted;
  await timeEach(100, () => host.call('GET', '/connect/info/version'));
  const viaHost = await timeEach(N, () => host.call('GET', '/connect/info/version'));
  const straight = await timeEach(N, () => direct(home.socket, 'GET', '/connect/info/version'));
  console.log(`first call (starts the daemon): ${cold.toFixed(1)} ms`);
  console.log(`version via host   (${N}): ${summary(viaHost)}`);
  console.log(`version via socket (${N}): ${summary(straight)}  [baseline]`);
  console.log(
    `ratio host/socket: p50 ${(percentile(viaHost, 0.5) / percentile(straight, 0.5)).toFixed(2)}×, p99 ${(
      percentile(viaHost, 0.99) / percentile(straight, 0.99)
    ).toFixed(2)}×`,
  );
} finally {
  host.close();
  await home.cleanup();
}
