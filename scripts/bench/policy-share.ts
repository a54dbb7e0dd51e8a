import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import type { RateSettings } from '../../transfer/src/rate/rate-controller.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { startBottleneck } from './lib/bottleneck.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { median, RUNS, table } from './lib/stats.ts';

// Benchmark 3, second half (issue 7): concurrent downloads through one shared bottleneck (a user-space FIFO link with
// a tail-drop queue) split it as their rate_policy says: fair shares evenly, low yields to fair, high takes about
// twice fair's share. Each policy alone, through the same link in the same run, is the baseline.
// Arguments: link Mbit/s (default 50), queue ms (default 50), measured seconds (default 8), datagram size (default
// 1472: the Ethernet MTU a real link of such a rate has; loopback's own MTU would give 64 KB datagrams).
const LINK_MBPS = Number(process.argv[2] ?? 50);
const QUEUE_MS = Number(process.argv[3] ?? 50);
const WINDOW_S = Number(process.argv[4] ?? 8);
const DGRAM_SIZE = Number(process.argv[5] ?? 1472);
const WARMUP_S = 3;
type Policy = RateSettings['rate_policy'];
// BENCH_SCENARIOS=fair,high+fair runs only those scenarios (policies joined by +).
const SCENARIOS: Policy[][] = process.env.BENCH_SCENARIOS
  ? process.env.BENCH_SCENARIOS.split(',').map((scenario) => scenario.split('+') as Policy[])
  : [['fair'], ['low'], ['high'], ['fair', 'fair'], ['fair', 'low'], ['high', 'fair']];

const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-share-'));
// Enough for the whole run at the full link rate, so nobody finishes inside the window.
const bytes = Math.ceil((LINK_MBPS * 1e6 * (WARMUP_S + WINDOW_S + 2)) / 8);
writeRandomFile(join(node.docroot, 'share.bin'), bytes);
const engine = new TransferEngine({ progressIntervalMs: 100 });
const relay = await startBottleneck(node.ports.udp, LINK_MBPS, QUEUE_MS);
console.log(
  `policy share benchmark: ${LINK_MBPS} Mbit/s bottleneck, ${QUEUE_MS} ms queue, ${DGRAM_SIZE}-byte datagrams, ` +
    `${WINDOW_S} s measured after ${WARMUP_S} s, ${RUNS} runs, median reported`,
);

/** Mbit/s of each download over the window, all started together through the bottleneck. */
async function run(policies: Policy[], round: number): Promise<number[]> {
  const handles = await Promise.all(
    policies.map(async (policy, i) => {
      const spec = await setup(node, 'download', { paths: [{ source: '/share.bin' }] });
      return engine.start({
        ...spec,
        fasp_port: relay.port,
        dgram_size: DGRAM_SIZE,
        destination_root: join(local, `r${round}-${i}`),
        rate_policy: policy,
        // Above the link, so only the policy decides how much each gets.
        target_rate_kbps: LINK_MBPS * 2000,
        min_rate_kbps: 0,
        resume: 'none',
        overwrite: 'always',
      });
    }),
  );
  const sample = () => handles.map((handle) => handle.info().bytes_transferred);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  const before = sample();
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
  const after = sample();
  const seconds = (performance.now() - startedAt) / 1000;
  for (const handle of handles) handle.stop();
  await Promise.all(handles.map((handle) => handle.done()));
  for (const handle of handles) {
    const status = handle.info().status;
    if (status !== 'cancelled') throw new Error(`a ${status} transfer: ${handle.info().error_desc}`);
  }
  return after.map((total, i) => ((total - (before[i] ?? 0)) * 8) / 1e6 / seconds);
}

const rows = [];
let round = 0;
for (const policies of SCENARIOS) {
  const samples: number[][] = [];
  for (let r = 0; r < RUNS; r++) samples.push(await run(policies, round++));
  const each = policies.map((_, i) => median(samples.map((s) => s[i] ?? 0)));
  const total = each.reduce((sum, value) => sum + value, 0);
  rows.push([
    policies.join(' + '),
    each.map((value) => value.toFixed(1)).join(' / '),
    each.map((value) => `${((value / total) * 100).toFixed(0)}%`).join(' / '),
    `${((total / LINK_MBPS) * 100).toFixed(0)}%`,
  ]);
}
table(['policies', 'Mbit/s each (median)', 'share', 'link used'], rows);
relay.process.kill('SIGTERM');
const relayStats = JSON.parse(await relay.nextLine()) as {
  forwarded: number;
  dropped: number;
};
console.log(
  `bottleneck: ${relayStats.forwarded} datagrams forwarded, ${relayStats.dropped} dropped at the queue`,
);
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
