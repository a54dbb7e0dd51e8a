import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '../../transfer/src/engine/transfer-engine.ts';
import { newFileSecret } from '../../transfer/src/protect/envelope-keys.ts';
import { decryptEnvelope } from '../../transfer/src/protect/envelope-open.ts';
import { EnvelopeSource } from '../../transfer/src/protect/envelope-source.ts';
import { BlockReader } from '../../transfer/src/session/block-reader.ts';
import { setup, startBenchNode } from './lib/bench-node.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { median, RUNS, table, timed } from './lib/stats.ts';

// Cost of content_protection (issue 7): envelope encryption and decryption in-process, and encrypted against plain
// uploads and downloads over loopback, all measured in the same run. Usage: content-protection [MiB] [dgram].
const mib = Number(process.argv[2] ?? 256);
const dgram = Number(process.argv[3] ?? 65000);
const bytes = mib * 1024 * 1024;
const PASS = 'bench passphrase';
const MBps = (ms: number) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);
const local = mkdtempSync(join(tmpdir(), 'bench-cp-'));
const source = join(local, 'big.bin');
writeRandomFile(source, bytes);
console.log(`content protection benchmark: ${mib} MiB, dgram ${dgram}, ${RUNS} runs, median MB/s (MiB/s)`);

const readAll = (read: (offset: number, length: number) => Buffer, size: number) => {
  for (let at = 0; at < size; at += 1 << 20) read(at, Math.min(1 << 20, size - at));
};
const samples: Record<string, number[]> = {};
const add = (name: string, ms: number) => {
  samples[name] ??= [];
  samples[name].push(ms);
};
const secret = await newFileSecret(PASS, randomBytes(16), bytes);
const envelope = new EnvelopeSource(source, secret);
const sealed = join(local, 'big.bin.rapid-env');
const fd = openSync(sealed, 'w');
for (let at = 0; at < envelope.size; at += 1 << 20) {
  const chunk = envelope.read(at, Math.min(1 << 20, envelope.size - at));
  writeSync(fd, chunk, 0, chunk.length, at);
}
closeSync(fd);
for (let run = 0; run < RUNS; run++) {
  const reader = new BlockReader(
    () => source,
    () => bytes,
  );
  add('read plain (in-process)', await timed(async () => readAll((o, l) => reader.read(0, o, l), bytes)));
  reader.close();
  const fresh = new EnvelopeSource(source, secret);
  add(
    'read + encrypt envelope (in-process)',
    await timed(async () => readAll((o, l) => fresh.read(o, l), fresh.size)),
  );
  fresh.close();
  add('copy plain file (in-process)', await timed(async () => copyFileSync(source, join(local, 'copy'))));
  add(
    'decrypt envelope to file (in-process)',
    await timed(() => decryptEnvelope(sealed, join(local, 'plain'), PASS)),
  );
}

const node = await startBenchNode();
const engine = new TransferEngine();
for (let run = 0; run < RUNS; run++) {
  for (const mode of ['plain', 'encrypt'] as const) {
    rmSync(join(node.docroot, mode), { recursive: true, force: true });
    const spec = await setup(node, 'upload', { destination_root: `/${mode}` });
    const protection =
      mode === 'encrypt' ? { content_protection: 'encrypt', content_protection_password: PASS } : {};
    add(
      `upload ${mode} (loopback)`,
      await timed(async () => {
        const info = await engine
          .start({
            ...spec,
            ...protection,
            paths: [{ source }],
            destination_root: `/${mode}`,
            dgram_size: dgram,
            target_rate_kbps: 20_000_000,
          })
          .done();
        if (info.status !== 'completed') throw new Error(`${mode} upload ${info.status}: ${info.error_desc}`);
      }),
    );
    const target = mkdtempSync(join(tmpdir(), 'bench-cp-down-'));
    const down = await setup(node, 'download', {
      paths: [{ source: mode === 'encrypt' ? '/encrypt/big.bin.rapid-env' : '/plain/big.bin' }],
    });
    const unprotect =
      mode === 'encrypt' ? { content_protection: 'decrypt', content_protection_password: PASS } : {};
    add(
      `download ${mode === 'encrypt' ? 'decrypt' : 'plain'} (loopback)`,
      await timed(async () => {
        const info = await engine
          .start({
            ...down,
            ...unprotect,
            destination_root: target,
            dgram_size: dgram,
            target_rate_kbps: 20_000_000,
          })
          .done();
        if (info.status !== 'completed')
          throw new Error(`${mode} download ${info.status}: ${info.error_desc}`);
      }),
    );
    rmSync(target, { recursive: true, force: true });
  }
}
node.stop();
const rows = Object.entries(samples).map(([name, ms]) => [name, MBps(median(ms)), median(ms).toFixed(0)]);
table(['path', 'MiB/s', 'ms'], rows);
const ratio = (a: string, b: string) => (median(samples[b] ?? []) / median(samples[a] ?? [])).toFixed(2);
console.log(
  `encrypted upload / plain upload throughput: ${ratio('upload encrypt (loopback)', 'upload plain (loopback)')}`,
);
console.log(
  `decrypting download / plain download throughput: ${ratio('download decrypt (loopback)', 'download plain (loopback)')}`,
);
rmSync(local, { recursive: true, force: true });
