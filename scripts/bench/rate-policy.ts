import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { median, RUNS, table } from './lib/stats.ts';

// Benchmark 3 (issue 7): rate_policy fixed at 50 Mbit/s on loopback must hold within ±5 %. The rate is measured over
// the data phase (first byte to completion), both directions.
const TARGET_KBPS = Number(process.argv[2] ?? 50_000);
const seconds = Number(process.argv[3] ?? 8);
const bytes = Math.round((TARGET_KBPS * 1000 * seconds) / 8);
const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-rate-'));
writeRandomFile(join(node.docroot, 'r.bin'), bytes);
writeRandomFile(join(local, 'r.bin'), bytes);
const engine = new TransferEngine({ progressIntervalMs: 20 });
console.log(
  `rate policy benchmark: fixed ${TARGET_KBPS} kbit/s, ${(bytes / 1e6).toFixed(1)} MB per run, ${RUNS} runs, median reported`,
);

async function measure(direction: 'up' | 'down'): Promise<number> {
  rmSync(join(local, 'down'), { recursive: true, force: true });
  rmSync(join(node.docroot, 'up'), { recursive: true, force: true });
  mkdirSync(join(node.docroot, 'up'));
  const spec =
    direction === 'down'
      ? {
          ...(await setup(node, 'download', { paths: [{ source: '/r.bin' }] })),
          destination_root: join(local, 'down'),
        }
      : {
          ...(await setup(node, 'upload', { destination_root: '/up' })),
          paths: [{ source: join(local, 'r.bin') }],
          destination_root: '/up',
        };
  const handle = engine.start({
    ...spec,
    target_rate_kbps: TARGET_KBPS,
    rate_policy: 'fixed',
    resume: 'none',
  });
  // Pacing is measured where it happens: from the first progress report with bytes sent to the first one with every
  // byte sent (sender side for uploads, receiver side for downloads); completion bookkeeping is not counted.
  let first: { at: number; bytes: number } | undefined;
  let last: { at: number; bytes: number } | undefined;
  handle.on('progress', (info) => {
    const now = { at: performance.now(), bytes: info.bytes_transferred };
    if (!first && info.bytes_transferred > 0) first = now;
    if (!last && info.bytes_transferred >= bytes) last = now;
  });
  const info = await handle.done();
  if (info.status !== 'completed' || !first || !last)
    throw new Error(`transfer ${info.status}: ${info.error_desc}`);
  return ((last.bytes - first.bytes) * 8) / (last.at - first.at);
}

const rows = [];
for (const direction of ['up', 'down'] as const) {
  const samples = [];
  for (let run = 0; run < RUNS; run++) samples.push(await measure(direction));
  const m = median(samples);
  rows.push([
    direction === 'up' ? 'upload' : 'download',
    TARGET_KBPS,
    m.toFixed(0),
    `${(((m - TARGET_KBPS) / TARGET_KBPS) * 100).toFixed(2)}%`,
    samples.map((s) => s.toFixed(0)).join(', '),
  ]);
}
table(['direction', 'target kbit/s', 'measured kbit/s (median)', 'error', 'runs'], rows);
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
