import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { buildEntry } from '../../transfer/src/test-support/build-entry.ts';
import {
  fetchSetup,
  nodeProcessSetup,
  startNodeProcess,
} from '../../transfer/src/test-support/node-process.ts';
import { sentBytesOf } from '../../transfer/src/test-support/sent-bytes.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { REPO } from './lib/repo-root.ts';
import { median, RUNS, table } from './lib/stats.ts';

// Node crash (issue 16): SIGKILL the node at 50 % of an upload and start it again on the same ports, docroot and
// secret; the client resumes by itself (its retries), the file must be byte-identical and the bytes re-sent under 5 %
// of the file. Re-sent = payload the client put on the wire over all attempts minus the file size. Arguments: MiB
// (default 1024), target rate kbit/s (default 2000000, policy fair).
const mib = Number(process.argv[2] ?? 1024);
const rate = Number(process.argv[3] ?? 2_000_000);
const bytes = mib * 1024 * 1024;
const local = mkdtempSync(join(tmpdir(), 'bench-crash-'));
writeRandomFile(join(local, 'big.bin'), bytes);
const sha = async (path: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};
const expected = await sha(join(local, 'big.bin'));
const entry = await buildEntry(join(REPO, 'transfer/src/node/main.ts'));
console.log(
  `node crash benchmark: ${mib} MiB upload at up to ${rate} kbit/s, node SIGKILLed at 50 %, ${RUNS} runs`,
);
const rows = [];
const ratios: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const docroot = mkdtempSync(join(tmpdir(), 'bench-crash-docroot-'));
  const { env, apiPort } = await nodeProcessSetup(docroot);
  let node = await startNodeProcess(entry, env);
  const spec = {
    ...(await fetchSetup(apiPort, 'upload', { destination_root: '/' })),
    target_rate_kbps: rate,
    paths: [{ source: join(local, 'big.bin') }],
    destination_root: '/',
  };
  const startedAt = performance.now();
  const handle = new TransferEngine({ retryBaseMs: 250 }).start(spec, { retries: 8 });
  const sent = sentBytesOf(handle);
  let killedAt = 0;
  await new Promise<void>((resolve) => {
    const atHalf = (info: { bytes_written: number }) => {
      if (info.bytes_written < bytes / 2) return;
      killedAt = info.bytes_written;
      handle.off('progress', atHalf);
      resolve();
    };
    handle.on('progress', atHalf);
  });
  node.kill('SIGKILL');
  await once(node, 'exit');
  node = await startNodeProcess(entry, env);
  const info = await handle.done();
  const seconds = (performance.now() - startedAt) / 1000;
  node.kill('SIGTERM');
  const identical = (await sha(join(docroot, 'big.bin')).catch(() => '')) === expected;
  const resent = Math.max(0, sent() - bytes) / bytes;
  ratios.push(resent);
  rows.push([
    run + 1,
    info.status,
    ((killedAt / bytes) * 100).toFixed(1),
    info.retry_count,
    identical ? 'yes' : 'NO',
    `${(resent * 100).toFixed(2)}%`,
    seconds.toFixed(1),
  ]);
  rmSync(docroot, { recursive: true, force: true });
}
table(['run', 'status', 'killed at %', 'retries', 'byte-identical', 're-sent / file', 'total s'], rows);
console.log(`median re-sent: ${(median(ratios) * 100).toFixed(2)}% of the file (target < 5 %)`);
rmSync(local, { recursive: true, force: true });
