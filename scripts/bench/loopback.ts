import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { datagramAddonFile } from '../../transfer/src/native/datagram-addon.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { contentUrl, curl } from './lib/curl.ts';
import { ensureTools, TOOLS } from './lib/prerequisites.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { receiveBufferCap, withSocketBufferCaps } from './lib/socket-buffers.ts';
import { mbps, median, RUNS, table, timed } from './lib/stats.ts';

// Benchmark 2 (issue 7): one big file up and down on loopback — Rapid vs curl single-stream HTTPS against the same
// node, with the raw disk copy rate as the ceiling. Size in MiB as the first argument (default 1024). As root it adds
// the default download with the system's socket-buffer cap raised to 32 MiB for that session (restored after).
ensureTools([TOOLS.curl]);
const mib = Number(process.argv[2] ?? 1024);
const ROOMY_BUFFER = 32 * 1024 * 1024;
const bytes = mib * 1024 * 1024;
const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-local-'));
const source = join(node.docroot, 'big.bin');
console.log(
  `loopback benchmark: ${mib} MiB, ${RUNS} runs each, median reported; net.core.rmem_max ${receiveBufferCap() ?? 'unknown'} bytes; datagram path: ${datagramAddonFile() ? 'addon (sendmmsg/recvmmsg, AES-GCM contexts reused)' : 'JavaScript (RAPID_DATAGRAM_ADDON=off or not built)'}; load average ${loadavg()
    .map((each) => each.toFixed(1))
    .join(' ')}`,
);
writeRandomFile(source, bytes);
writeRandomFile(join(local, 'up.bin'), bytes);
mkdirSync(join(node.docroot, 'up'));
const engine = new TransferEngine();
const results: Record<string, { ms: number[]; lost: number[] }> = {};
const record = (name: string, ms: number, lost = 0) => {
  results[name] ??= { ms: [], lost: [] };
  results[name].ms.push(ms);
  results[name].lost.push(lost);
};
const clean = () => {
  rmSync(join(local, 'down'), { recursive: true, force: true });
  rmSync(join(node.docroot, 'up'), { recursive: true, force: true });
  mkdirSync(join(node.docroot, 'up'));
};
// `dgram` 0: no dgram_size in the spec, so the session derives it from the interface MTU (65 507 on loopback).
const rapid = async (direction: 'down' | 'up', dgram: number, cipher: string) => {
  const spec =
    direction === 'down'
      ? {
          ...(await setup(node, 'download', { paths: [{ source: '/big.bin' }] })),
          destination_root: join(local, 'down'),
        }
      : {
          ...(await setup(node, 'upload', { destination_root: '/up' })),
          paths: [{ source: join(local, 'up.bin') }],
          destination_root: '/up',
        };
  let lost = 0;
  const ms = await timed(async () => {
    const info = await engine
      .start({
        ...spec,
        ...(dgram > 0 ? { dgram_size: dgram } : {}),
        cipher,
        target_rate_kbps: 20_000_000,
        resume: 'none',
        overwrite: 'always',
      })
      .done();
    if (info.status !== 'completed') throw new Error(`rapid ${direction} ${info.status}: ${info.error_desc}`);
    lost = info.bytes_lost / bytes;
  });
  return { ms, lost };
};

// The default (automatic size, AES-128), then a fixed Ethernet-size datagram for comparison; BENCH_LOOPBACK_QUICK=1
// keeps only the default.
// BENCH_LOOPBACK_SMALL=1 keeps only the 1,472-byte row (the headline figure for a real network path).
const CONFIGS: (readonly [number, string])[] = process.env.BENCH_LOOPBACK_QUICK
  ? [[0, 'aes-128']]
  : process.env.BENCH_LOOPBACK_SMALL
    ? [[1472, 'aes-128']]
    : [
        [0, 'aes-128'],
        [0, 'none'],
        [1472, 'aes-128'],
      ];
for (let run = 0; run < RUNS; run++) {
  clean();
  record(
    'disk copy (ceiling)',
    await timed(() => pipeline(createReadStream(source), createWriteStream(join(local, 'copy.bin')))),
  );
  rmSync(join(local, 'copy.bin'));
  record(
    'curl HTTPS GET (1 stream)',
    await timed(() => curl(node, ['-o', join(local, 'curl.bin'), contentUrl(node, 'big.bin')])),
  );
  rmSync(join(local, 'curl.bin'));
  record(
    'curl HTTPS PUT (1 stream)',
    await timed(() => curl(node, ['-T', join(local, 'up.bin'), contentUrl(node, 'up/curl.bin')])),
  );
  for (const [dgram, cipher] of CONFIGS) {
    clean();
    const name = dgram > 0 ? `dgram ${dgram}` : 'dgram auto';
    const down = await rapid('down', dgram, cipher);
    record(`Rapid download, ${name}, ${cipher}`, down.ms, down.lost);
    const up = await rapid('up', dgram, cipher);
    record(`Rapid upload, ${name}, ${cipher}`, up.ms, up.lost);
  }
  // What closes the receiver's re-sends: the same download with the receiving socket's buffer at the 32 MiB Rapid
  // asks for, which the system's cap (net.core.rmem_max) otherwise limits. The client opens its socket per session, so
  // raising the cap for this one download is enough; it is restored at once.
  clean();
  if (process.env.BENCH_LOOPBACK_SMALL) continue;
  const roomy = await withSocketBufferCaps(ROOMY_BUFFER, () => rapid('down', 0, 'aes-128'));
  if (roomy) record('Rapid download, dgram auto, aes-128, 32 MiB socket buffers', roomy.ms, roomy.lost);
}
const curlGet = median(results['curl HTTPS GET (1 stream)']?.ms ?? []);
const curlPut = median(results['curl HTTPS PUT (1 stream)']?.ms ?? []);
table(
  ['method', 'median s', 'Mbit/s', 'vs curl same direction', 'retransmitted'],
  Object.entries(results).map(([name, { ms, lost }]) => {
    const m = median(ms);
    const base = name.includes('upload') || name.includes('PUT') ? curlPut : curlGet;
    return [
      name,
      (m / 1000).toFixed(2),
      mbps(bytes, m).toFixed(0),
      name.startsWith('disk') ? '' : `${(base / m).toFixed(2)}×`,
      `${(median(lost) * 100).toFixed(2)}%`,
    ];
  }),
);
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
