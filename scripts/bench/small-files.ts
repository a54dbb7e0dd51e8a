import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { contentUrl, curl } from './lib/curl.ts';
import { ensureTools, TOOLS } from './lib/prerequisites.ts';
import { median, RUNS, table, timed } from './lib/stats.ts';

// Benchmark 4 (issues 7 and 16): 10,000 files of 4 KiB uploaded in one Rapid session, in files per second, against a
// tar stream of the same files over one HTTPS request (tar time included). Target ≥ 6,000 files/s. Each run writes
// into a folder of its own and nothing is deleted until the end: ext4 avoids reusing inodes freed in the last few
// seconds, so creating 10,000 files right after deleting 10,000 costs several times the CPU of a fresh creation
// (measured with perf: a third of the samples in ext4's recently_deleted) — the file system's cost, not the protocol's.
// The disk's own speed is measured in the same run: a bare loop creating and writing the same files (one open, write
// and close each, then one sync of the file system, as Rapid's durability per batch does) into the node's folder.
ensureTools([TOOLS.tar, TOOLS.curl]);
const COUNT = Number(process.argv[2] ?? 10_000);
const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-small-'));
const set = join(local, 'set');
mkdirSync(set);
const name = (i: number) => `f${String(i).padStart(5, '0')}.bin`;
for (let i = 0; i < COUNT; i++) writeFileSync(join(set, name(i)), Buffer.alloc(4096, i % 251));
const engine = new TransferEngine({ progressIntervalMs: 20 });
console.log(`small files benchmark: ${COUNT} × 4 KiB, ${RUNS} runs, median reported`);
const rapid: number[] = [];
/** Time from the start to the first byte on the node's disk: hello, offer, plan and decision for every file. */
const planning: number[] = [];
const tar: number[] = [];
const bare: number[] = [];
const contents = Array.from({ length: COUNT }, (_, i) => readFileSync(join(set, name(i))));
for (let run = 0; run < RUNS; run++) {
  const folder = join(node.docroot, `bare-${run}`);
  mkdirSync(folder);
  bare.push(
    await timed(async () => {
      contents.forEach((data, i) => {
        writeFileSync(join(folder, name(i)), data);
      });
      if (spawnSync('sync', ['-f', folder]).status !== 0) throw new Error('sync failed');
    }),
  );
  const target = `/up/run-${run}`;
  mkdirSync(join(node.docroot, target), { recursive: true });
  const spec = await setup(node, 'upload', { destination_root: target });
  rapid.push(
    await timed(async () => {
      const startedAt = performance.now();
      const handle = engine.start({
        ...spec,
        paths: [{ source: set }],
        destination_root: target,
        resume: 'none',
      });
      const first = (progress: { bytes_written: number }) => {
        if (progress.bytes_written === 0) return;
        planning.push(performance.now() - startedAt);
        handle.off('progress', first);
      };
      handle.on('progress', first);
      const info = await handle.done();
      if (info.status !== 'completed' || info.file_counts.completed !== COUNT)
        throw new Error(`rapid ${info.status} ${info.error_desc}`);
    }),
  );
  tar.push(
    await timed(async () => {
      const archive = join(local, 'set.tar');
      if (spawnSync('tar', ['-cf', archive, '-C', local, 'set']).status !== 0) throw new Error('tar failed');
      await curl(node, ['-T', archive, contentUrl(node, `up/set-${run}.tar`)]);
      rmSync(archive);
    }),
  );
}
const r = median(rapid);
const t = median(tar);
const b = median(bare);
table(
  ['method', 'median s', 'files/s', 'vs tar over HTTPS', 'vs bare create-and-write'],
  [
    [
      'Rapid, one session',
      (r / 1000).toFixed(2),
      (COUNT / (r / 1000)).toFixed(0),
      `${(t / r).toFixed(2)}×`,
      `${(b / r).toFixed(2)}×`,
    ],
    ['  of which until the first byte is written', (median(planning) / 1000).toFixed(2), '', '', ''],
    ['tar + one HTTPS PUT (curl)', (t / 1000).toFixed(2), (COUNT / (t / 1000)).toFixed(0), '1.00×', ''],
    [
      'bare create-and-write loop, one sync',
      (b / 1000).toFixed(2),
      (COUNT / (b / 1000)).toFixed(0),
      '',
      '1.00×',
    ],
  ],
);
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
