import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { startBottleneck } from './lib/bottleneck.ts';
import { pinApart } from './lib/pin-cpus.ts';
import { cpuSeconds, rssBytes } from './lib/process-usage.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { median, RUNS, table } from './lib/stats.ts';

// Many sessions (issue 16): one node serves N concurrent sessions, half downloads and half uploads, through one shared
// bottleneck (a user-space full-duplex link, each direction with its own tail-drop queue). Reports the aggregate use of
// the link, Jain's fairness index across the sessions of each direction, the node's memory per session and its CPU
// per Gbit/s. Baseline in the same run: one download and one upload alone through the same link.
// Arguments: sessions (default 100), link Mbit/s per direction (default 100), measured seconds (default 10), queue ms
// (default 50), datagram size (default 1472). With two cores or more the node runs on the first half of them and the
// clients and the relay on the other half (taskset): on a 2-core machine that is one core each, so the node's event
// loop never waits for the clients' but the clients have one core for 100 sessions and the relay.
const SESSIONS = Number(process.argv[2] ?? 100);
const LINK_MBPS = Number(process.argv[3] ?? 100);
const WINDOW_S = Number(process.argv[4] ?? 10);
const QUEUE_MS = Number(process.argv[5] ?? 50);
const DGRAM_SIZE = Number(process.argv[6] ?? 1472);
const WARMUP_S = 4;

const node = await startBenchNode();
const nodePid = node.process.pid as number;
const local = mkdtempSync(join(tmpdir(), 'bench-many-'));
mkdirSync(join(node.docroot, 'up'));
// Enough for a whole run at the full link rate, so no session finishes inside the window.
const bytes = Math.ceil((LINK_MBPS * 1e6 * (WARMUP_S + WINDOW_S + 3)) / 8);
writeRandomFile(join(node.docroot, 'many.bin'), bytes);
writeRandomFile(join(local, 'up.bin'), bytes);
const relay = await startBottleneck(node.ports.udp, LINK_MBPS, QUEUE_MS, true);
// The clients (this process) and the relay on cores of their own, so the node's CPU per Gbit is the node's alone.
// BENCH_PIN=0 leaves every process on every core.
const pinned =
  process.env.BENCH_PIN === '0'
    ? 'not pinned (BENCH_PIN=0)'
    : pinApart(nodePid, [process.pid, relay.process.pid as number]);
const engine = new TransferEngine({ maxActive: SESSIONS, progressIntervalMs: 500 });
console.log(
  `many sessions benchmark: ${SESSIONS} sessions (half up, half down), ${LINK_MBPS} Mbit/s each way, ${QUEUE_MS} ms ` +
    `queue, ${DGRAM_SIZE}-byte datagrams, ${WINDOW_S} s measured after ${WARMUP_S} s, ${RUNS} runs, median reported; ` +
    pinned,
);

const jain = (values: number[]) => {
  const sum = values.reduce((a, b) => a + b, 0);
  const squares = values.reduce((a, b) => a + b * b, 0);
  return squares > 0 ? (sum * sum) / (values.length * squares) : 0;
};

interface Outcome {
  down: number[];
  up: number[];
  rssPerSession: number;
  cpuPerGbit: number;
}

async function run(count: number, round: number): Promise<Outcome> {
  const idleRss = rssBytes(nodePid);
  const directions = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? 'down' : 'up'));
  const handles = await Promise.all(
    directions.map(async (direction, i) => {
      const common = {
        fasp_port: relay.port,
        dgram_size: DGRAM_SIZE,
        rate_policy: 'fair',
        // Above the link, so only the shared control law decides the shares.
        target_rate_kbps: LINK_MBPS * 2000,
        min_rate_kbps: 0,
        resume: 'none',
        overwrite: 'always',
      };
      const spec =
        direction === 'down'
          ? {
              ...(await setup(node, 'download', { paths: [{ source: '/many.bin' }] })),
              ...common,
              destination_root: join(local, `r${round}-${i}`),
            }
          : {
              ...(await setup(node, 'upload', { destination_root: `/up/r${round}-${i}` })),
              ...common,
              paths: [{ source: join(local, 'up.bin') }],
              destination_root: `/up/r${round}-${i}`,
            };
      return engine.start(spec);
    }),
  );
  const sample = () => handles.map((handle) => handle.info().bytes_transferred);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  const before = sample();
  const cpuBefore = cpuSeconds(nodePid);
  const startedAt = performance.now();
  let peakRss = rssBytes(nodePid);
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, rssBytes(nodePid));
  }, 250);
  await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
  clearInterval(rssTimer);
  const after = sample();
  const cpu = cpuSeconds(nodePid) - cpuBefore;
  const seconds = (performance.now() - startedAt) / 1000;
  for (const handle of handles) handle.stop();
  await Promise.all(handles.map((handle) => handle.done()));
  const failed = handles.filter((handle) => handle.info().status !== 'cancelled');
  if (failed.length > 0) console.log(`${failed.length} sessions ended otherwise than cancelled`);
  const mbps = after.map((total, i) => ((total - (before[i] ?? 0)) * 8) / 1e6 / seconds);
  const total = mbps.reduce((a, b) => a + b, 0);
  // BENCH_DEBUG=1 prints each session's direction, Mbit/s and transport.
  if (process.env.BENCH_DEBUG)
    console.log(
      directions.map((d, i) => `${d}:${(mbps[i] ?? 0).toFixed(1)}:${handles[i]?.info().transport}`).join(' '),
    );
  // A session that fell back to HTTPS bypasses the emulated bottleneck: its bytes are not a measurement of the link.
  const fellBack = handles.filter((handle) => handle.info().transport !== 'fasp').length;
  if (fellBack > 0) console.log(`${fellBack} sessions fell back to HTTPS: this run's link use is not valid`);
  return {
    down: mbps.filter((_, i) => directions[i] === 'down'),
    up: mbps.filter((_, i) => directions[i] === 'up'),
    rssPerSession: (peakRss - idleRss) / count,
    cpuPerGbit: total > 0 ? cpu / seconds / (total / 1000) : 0,
  };
}

const rows = [];
let round = 0;
for (const count of [2, SESSIONS]) {
  const outcomes: Outcome[] = [];
  for (let r = 0; r < RUNS; r++) outcomes.push(await run(count, round++));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const down = median(outcomes.map((o) => sum(o.down)));
  const up = median(outcomes.map((o) => sum(o.up)));
  rows.push([
    count === 2 ? '1 down + 1 up (baseline)' : `${count / 2} down + ${count / 2} up`,
    `${down.toFixed(1)} / ${up.toFixed(1)}`,
    `${((down / LINK_MBPS) * 100).toFixed(0)}% / ${((up / LINK_MBPS) * 100).toFixed(0)}%`,
    count === 2
      ? '—'
      : `${median(outcomes.map((o) => jain(o.down))).toFixed(3)} / ${median(outcomes.map((o) => jain(o.up))).toFixed(3)}`,
    `${(median(outcomes.map((o) => o.rssPerSession)) / 1024 / 1024).toFixed(2)}`,
    median(outcomes.map((o) => o.cpuPerGbit)).toFixed(2),
  ]);
}
table(
  [
    'sessions',
    'Mbit/s down / up (median)',
    'link use down / up',
    "Jain's index down / up",
    'node MiB per session (peak RSS)',
    'node CPU s per Gbit',
  ],
  rows,
);
relay.process.kill('SIGTERM');
// Each run uploads into folders of its own, deleted once the node has gone: a node still ending a cancelled upload
// writes its checkpoint after the client has seen the end, and would refill a folder being deleted.
await new Promise((resolve) => {
  node.process.once('exit', resolve);
  node.stop();
});
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
