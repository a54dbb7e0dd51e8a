import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { buildEntry } from '../../transfer/src/test-support/build-entry.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { REPO } from './lib/repo-root.ts';
import { median, RUNS, table } from './lib/stats.ts';

// Benchmark 5 (issue 7): SIGKILL the client at 50 % of an upload, restart it: bytes re-sent must stay under 5 % of
// the file. Re-sent = bytes the node received over both sessions minus the file size.
const mib = Number(process.argv[2] ?? 1024);
const dgram = Number(process.argv[3] ?? 65000);
const bytes = mib * 1024 * 1024;
const node = await startBenchNode();
const local = mkdtempSync(join(tmpdir(), 'bench-resume-'));
writeRandomFile(join(local, 'big.bin'), bytes);
const child = await buildEntry(join(REPO, 'transfer/src/test-support/child-client.ts'));
console.log(
  `resume benchmark: ${mib} MiB upload, dgram ${dgram}, client SIGKILLed at 50 %, ${RUNS} runs, median reported`,
);
const rows = [];
const ratios = [];
for (let run = 0; run < RUNS; run++) {
  rmSync(join(node.docroot, 'up'), { recursive: true, force: true });
  const setupSpec = await setup(node, 'upload', { destination_root: '/up' });
  const spec = {
    ...setupSpec,
    paths: [{ source: join(local, 'big.bin') }],
    destination_root: '/up',
    dgram_size: dgram,
    target_rate_kbps: 20_000_000,
  };
  const id = (setupSpec.tags as { aspera: { xfer_id: string } }).aspera.xfer_id;
  const client = spawn(process.execPath, [child], {
    env: { ...process.env, RAPID_TEST_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let killedAt = 0;
  await new Promise<void>((resolve) => {
    createInterface({ input: client.stdout }).on('line', (line) => {
      const value = JSON.parse(line) as { bytes_written?: number };
      if (!killedAt && (value.bytes_written ?? 0) >= bytes / 2) {
        killedAt = value.bytes_written ?? 0;
        client.kill('SIGKILL');
        resolve();
      }
    });
  });
  await once(client, 'exit');
  const info = await new TransferEngine().start(spec).done();
  if (info.status !== 'completed') throw new Error(`resume ${info.status}: ${info.error_desc}`);
  const record = (await node.api('GET', `/ops/transfers/${id}`)) as {
    sessions: { bytes_transferred: number }[];
  };
  const received = record.sessions.reduce((sum, s) => sum + s.bytes_transferred, 0);
  const resent = Math.max(0, received - bytes);
  ratios.push(resent / bytes);
  rows.push([
    run + 1,
    ((killedAt / bytes) * 100).toFixed(1),
    record.sessions.map((s) => (s.bytes_transferred / 1048576).toFixed(1)).join(' + '),
    (resent / 1048576).toFixed(2),
    `${((resent / bytes) * 100).toFixed(2)}%`,
  ]);
}
table(['run', 'killed at %', 'MiB received per session', 'MiB re-sent', 're-sent / file'], rows);
console.log(`median re-sent: ${(median(ratios) * 100).toFixed(2)}% of the file`);
node.stop();
rmSync(local, { recursive: true, force: true });
rmSync(node.docroot, { recursive: true, force: true });
