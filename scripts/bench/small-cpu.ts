import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { datagramAddonFile } from '../../transfer/src/native/datagram-addon.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { median, RUNS, table } from './lib/stats.ts';

// CPU per GiB at 1,472-byte datagrams, AES-128, on loopback: the node's and the client's processes (user + system,
// every thread), each direction. Unlike the wall-clock rate, a process's CPU for the same bytes moves little with
// the machine's load, so runs before and after a change compare on a shared machine. Size in MiB (default 256).
const mib = Number(process.argv[2] ?? 256);
const bytes = mib * 1024 * 1024;
const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-local-'));
writeRandomFile(join(node.docroot, 'big.bin'), bytes);
writeRandomFile(join(local, 'up.bin'), bytes);
mkdirSync(join(node.docroot, 'up'));
console.log(
  `small-datagram CPU: ${mib} MiB at 1,472 bytes, aes-128, ${RUNS} runs, median; datagram path ${datagramAddonFile() ? 'addon' : 'JavaScript'}; load average ${loadavg()
    .map((each) => each.toFixed(1))
    .join(' ')}`,
);
/** A process's CPU (user + system, all threads) in seconds, from /proc. */
const cpuOf = (pid: number | 'self') => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const engine = new TransferEngine();
const rows: Record<string, { node: number[]; client: number[]; mbps: number[]; lost: number[] }> = {};
for (let run = 0; run < RUNS; run++) {
  for (const direction of ['download', 'upload'] as const) {
    rmSync(join(local, 'down'), { recursive: true, force: true });
    rmSync(join(node.docroot, 'up'), { recursive: true, force: true });
    mkdirSync(join(node.docroot, 'up'));
    const spec =
      direction === 'download'
        ? {
            ...(await setup(node, 'download', { paths: [{ source: '/big.bin' }] })),
            destination_root: join(local, 'down'),
          }
        : {
            ...(await setup(node, 'upload', { destination_root: '/up' })),
            paths: [{ source: join(local, 'up.bin') }],
            destination_root: '/up',
          };
    const [node0, client0] = [cpuOf(node.process.pid as number), cpuOf('self')];
    const start = performance.now();
    const info = await engine
      .start({
        ...spec,
        dgram_size: 1472,
        cipher: 'aes-128',
        target_rate_kbps: 20_000_000,
        resume: 'none',
        overwrite: 'always',
      })
      .done();
    const ms = performance.now() - start;
    if (info.status !== 'completed') throw new Error(`${direction} ${info.status}: ${info.error_desc}`);
    const gib = bytes / 2 ** 30;
    rows[direction] ??= { node: [], client: [], mbps: [], lost: [] };
    rows[direction].node.push((cpuOf(node.process.pid as number) - node0) / gib);
    rows[direction].client.push((cpuOf('self') - client0) / gib);
    rows[direction].mbps.push((bytes * 8) / ms / 1000);
    rows[direction].lost.push(info.bytes_lost / bytes);
  }
}
table(
  ['direction', 'node CPU s/GiB', 'client CPU s/GiB', 'both s/GiB', 'Mbit/s', 're-sent'],
  Object.entries(rows).map(([name, row]) => [
    name,
    median(row.node).toFixed(2),
    median(row.client).toFixed(2),
    (median(row.node) + median(row.client)).toFixed(2),
    median(row.mbps).toFixed(0),
    `${(median(row.lost) * 100).toFixed(2)}%`,
  ]),
);
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
