import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { writeRandomFile } from './lib/random-file.ts';

// Profiling aid: one Rapid download (default cipher) of `mib` MiB, printing wall time and this process's CPU split.
// Run the bundle with `node --cpu-prof` to profile the receiver, BENCH_NODE_FLAGS to profile the sending node.
const mib = Number(process.argv[2] ?? 512);
const cipher = process.argv[3] ?? 'aes-128';
const bytes = mib * 1024 * 1024;
const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-local-'));
writeRandomFile(join(node.docroot, 'big.bin'), bytes);
const engine = new TransferEngine();
// Per-thread CPU (clock ticks) from /proc: the main thread versus the thread pool doing writev and fdatasync.
const threads = () => {
  const out = new Map<string, number[]>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(`${tid} ${name}`, [Number(fields[11]), Number(fields[12])]);
  }
  return out;
};
for (let run = 0; run < Number(process.env.RUNS ?? 1); run++) {
  rmSync(join(local, 'down'), { recursive: true, force: true });
  const spec = {
    ...(await setup(node, 'download', { paths: [{ source: '/big.bin' }] })),
    destination_root: join(local, 'down'),
  };
  const before = threads();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const info = await engine
    .start({ ...spec, cipher, target_rate_kbps: 20_000_000, resume: 'none', overwrite: 'always' })
    .done();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  console.log(
    `${[...threads()]
      .map(([name, [u = 0, s = 0]]) => {
        const [u0 = 0, s0 = 0] = before.get(name) ?? [];
        return u + s - u0 - s0 > 0 ? `  ${name}: user ${(u - u0) / 100} s, system ${(s - s0) / 100} s\n` : '';
      })
      .join(
        '',
      )}${info.status} ${mib} MiB in ${(ms / 1000).toFixed(2)} s = ${((bytes * 8) / ms / 1000).toFixed(0)} Mbit/s; receiver CPU user ${(used.user / 1e6).toFixed(2)} s system ${(used.system / 1e6).toFixed(2)} s; retransmitted ${((info.bytes_lost / bytes) * 100).toFixed(2)}%`,
  );
}
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
