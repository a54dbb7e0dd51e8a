// The antivirus's cost on an upload, by hand: `npm run bench:dam-upload-scan [MiB] [rounds]`. Uploads a file of the
// given size (default 100 MiB, random bytes: nothing to detect, clamd reads it all) over tus, alternately with a real
// clamd (the project's test signatures) and without one, and times from "upload complete" (the last byte's PATCH
// sent) to "asset visible" (its row in the database). The bytes stream to clamd as the chunks land (live-scan.ts);
// what remains in between is clamd's own pass over the spooled stream, which INSTREAM starts only at its end mark,
// and the ingest's hash is taken meanwhile (R-UPLOAD-SCAN-OVERLAP). Then, on fresh files of the same size, the parts
// one at a time: clamd's pass by INSTREAM and by SCAN of a local path, the ingest's hash and its exiftool read.
// Target: ≤ 10 % added (issue 30). Figures and what they mean: docs/perf/upload-scan.md.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { clamdCommand, scanFile } from '../../dam-app/server/antivirus/clamd-client.ts';
import { hashFile } from '../../dam-app/server/assets/hash-file.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { startClamd } from '../../dam-app/server/test-support/clamd.ts';
import { tusDriver } from '../../dam-app/server/test-support/tus-test-driver.ts';
import { addBenchUser, BENCH_PASSWORD, BENCH_USER, createBenchDam } from './lib/bench-dam.ts';
import { median } from './lib/stats.ts';

const MIB = Number(process.argv[2] ?? 100);
const ROUNDS = Number(process.argv[3] ?? 3);
const load = () =>
  loadavg()
    .map((each) => each.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load()}`);
const clamd = await startClamd();
const dam = await createBenchDam('scan', { DAM_RECONCILE_SECONDS: '0', DAM_CLAMD: clamd.socket });
try {
  const { config, runtime, db, home } = dam;
  const scanner = config.clamd;
  await addBenchUser(db, { permissions: ['fileUpload', 'new assets'] });
  await mkdir(join(config.storageRoot, 'Library/In'), { recursive: true });
  await dam.listen();
  const base = dam.origin;
  const client = new ApiClient(base);
  await client.login(BENCH_USER, BENCH_PASSWORD);
  const tus = tusDriver(base, client);

  /** Seconds from the last byte's PATCH to the asset's row. */
  const once = async (name: string) => {
    // New bytes each time: clamd remembers the hashes of clean files it has scanned and would skip a repeat.
    const data = randomBytes(MIB * 1024 ** 2);
    const created = await tus.create(data.byteLength, { filename: name, destPath: 'In' });
    await tus.patch(created.location, 0, data.subarray(0, data.byteLength - 1));
    const started = performance.now();
    const done = await tus.patch(created.location, data.byteLength - 1, data.subarray(data.byteLength - 1));
    if (done.status !== 204) throw new Error(`upload answered ${done.status}: ${done.text}`);
    for (;;) {
      const row = await db
        .selectFrom('assets')
        .select('id')
        .where('path', '=', `Library/In/${name}`)
        .executeTakeFirst();
      if (row) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const times = { scanned: [] as number[], plain: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    runtime.services.config.clamd = scanner;
    times.scanned.push(await once(`scanned-${round}.bin`));
    runtime.services.config.clamd = undefined;
    times.plain.push(await once(`plain-${round}.bin`));
  }
  const scanned = median(times.scanned);
  const plain = median(times.plain);
  const ms = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;
  console.log(`${MIB} MiB over tus, upload complete → asset visible, median of ${ROUNDS}:`);
  console.log(`  without antivirus: ${ms(plain)}   (${times.plain.map(ms).join(', ')})`);
  console.log(
    `  with clamd:        ${ms(scanned)} (+${(((scanned - plain) / plain) * 100).toFixed(0)} %)   (${times.scanned.map(ms).join(', ')})`,
  );

  // Where the time goes: each part alone on a file of its own (new bytes: clamd skips a clean file it has seen).
  const parts = {
    instream: [] as number[],
    scanPath: [] as number[],
    hash: [] as number[],
    exiftool: [] as number[],
  };
  const timed = async (into: number[], work: () => Promise<unknown>) => {
    const started = performance.now();
    const result = await work();
    into.push((performance.now() - started) / 1000);
    return result;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const file = join(home, `part-${round}.bin`);
    await writeFile(file, randomBytes(MIB * 1024 ** 2));
    const streamed = await timed(parts.instream, () => scanFile({ socket: clamd.socket }, file));
    await writeFile(file, randomBytes(MIB * 1024 ** 2));
    // clamd reads the file itself (same host, same user here): no bytes over the socket, no spooled copy.
    const read = await timed(parts.scanPath, () =>
      clamdCommand({ socket: clamd.socket }, `SCAN ${file}`, 600_000),
    );
    if ((streamed as { result: string }).result !== 'clean' || !String(read).endsWith('OK'))
      throw new Error(`clamd did not say clean: ${JSON.stringify(streamed)} / ${read}`);
    await timed(parts.hash, () => hashFile(file));
    await timed(parts.exiftool, () => runtime.services.exiftool.read(file));
    await rm(file);
  }
  console.log(`the parts alone, median of ${ROUNDS}:`);
  console.log(`  clamd INSTREAM (send + pass):   ${ms(median(parts.instream))}`);
  console.log(`  clamd SCAN of the local path:   ${ms(median(parts.scanPath))}`);
  console.log(`  ingest's SHA-256:               ${ms(median(parts.hash))}`);
  console.log(`  ingest's exiftool read:         ${ms(median(parts.exiftool))}`);
  // A whole-file scan can start only at the last byte: with clamd, "visible" is at least clamd's pass (then the
  // insert), however well the rest overlaps it.
  const floor = Math.min(median(parts.scanPath), median(parts.instream));
  console.log(
    `  floor with clamd (its pass alone): ${ms(floor)}, +${(((floor - plain) / plain) * 100).toFixed(0)} % over without`,
  );
  console.log(`load average at end: ${load()}`);
} finally {
  await dam.close();
  await clamd.close();
}
