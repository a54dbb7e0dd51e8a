import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { BASIC, setup, startBenchNode } from './lib/bench-node.ts';
import { contentUrl } from './lib/curl.ts';
import { ensureTools, TOOLS } from './lib/prerequisites.ts';
import { writeRandomFile } from './lib/random-file.ts';

// Profiling aid (`node scripts/bench/run.mjs down-profile [MiB] [cipher]`): Rapid downloads of one file, printing
// wall time, the receiving client's CPU per thread and the sending node's CPU. Env: RUNS (default 1), RATE (kbit/s)
// and POLICY for the session, CURL=1 to time curl on the same file. Profile the receiver by running the bundle in
// scripts/bench/.build with `node --cpu-prof`, the node with BENCH_NODE_FLAGS.
ensureTools([TOOLS.curl, TOOLS.time]);
const mib = Number(process.argv[2] ?? 512);
const cipher = process.argv[3] ?? 'aes-128';
const bytes = mib * 1024 * 1024;
const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-local-'));
writeRandomFile(join(node.docroot, 'big.bin'), bytes);
const engine = new TransferEngine();
/** The node process's CPU (user, system) in seconds. */
const nodeCpu = () => {
  const stat = readFileSync(`/proc/${node.process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [Number(fields[11]) / 100, Number(fields[12]) / 100];
};
const nodeCpuSince = ([u0 = 0, s0 = 0]: number[]) => {
  const [u = 0, s = 0] = nodeCpu();
  return `node (sender) CPU user ${(u - u0).toFixed(2)} s system ${(s - s0).toFixed(2)} s`;
};
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
  const nodeBefore = nodeCpu();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const info = await engine
    .start({
      ...spec,
      cipher,
      target_rate_kbps: Number(process.env.RATE ?? 20_000_000),
      ...(process.env.POLICY ? { rate_policy: process.env.POLICY } : {}),
      resume: 'none',
      overwrite: 'always',
    })
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
      )}${info.status} ${mib} MiB in ${(ms / 1000).toFixed(2)} s = ${((bytes * 8) / ms / 1000).toFixed(0)} Mbit/s; receiver CPU user ${(used.user / 1e6).toFixed(2)} s system ${(used.system / 1e6).toFixed(2)} s; retransmitted ${((info.bytes_lost / bytes) * 100).toFixed(2)}%; ${nodeCpuSince(nodeBefore)}`,
  );
}
// CURL=1: the same download with curl for comparison, its CPU as measured by /usr/bin/time.
if (process.env.CURL) {
  const ca = join(local, 'ca.pem');
  writeFileSync(ca, node.cert);
  const args = ['--cacert', ca, '-sS', '-H', `Authorization: ${BASIC}`, '-o', join(local, 'curl.bin')];
  const nodeBefore = nodeCpu();
  const timing = spawnSync('/usr/bin/time', [
    '-f',
    'curl: %e s wall, user %U s, system %S s',
    'curl',
    ...args,
    contentUrl(node, 'big.bin'),
  ]);
  console.log(`${timing.stderr.toString().trim()}; ${nodeCpuSince(nodeBefore)}`);
}
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
