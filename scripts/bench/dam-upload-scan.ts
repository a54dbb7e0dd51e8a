// The antivirus's cost on an upload, by hand: `npm run bench:dam-upload-scan [MiB] [rounds]`. Uploads a file of the
// given size (default 100 MiB, random bytes: nothing to detect, clamd reads it all) over tus, alternately with a real
// clamd (the project's test signatures) and without one, and times from "upload complete" (the last byte's PATCH
// sent) to "asset visible" (its row in the database). The bytes stream to clamd as the chunks land (live-scan.ts);
// what remains in between is clamd's own pass over the spooled stream, which INSTREAM starts only at its end mark.
// Target: ≤ 10 % added (issue 30).
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { startClamd } from '../../dam-app/server/test-support/clamd.ts';
import { tusDriver } from '../../dam-app/server/test-support/tus-test-driver.ts';
import { addBenchUser, BENCH_PASSWORD, BENCH_USER, createBenchDam } from './lib/bench-dam.ts';
import { median } from './lib/stats.ts';

const MIB = Number(process.argv[2] ?? 100);
const ROUNDS = Number(process.argv[3] ?? 3);
const clamd = await startClamd();
const dam = await createBenchDam('scan', { DAM_RECONCILE_SECONDS: '0', DAM_CLAMD: clamd.socket });
try {
  const { config, runtime, db } = dam;
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
  console.log(`${MIB} MiB over tus, upload complete → asset visible, median of ${ROUNDS}:`);
  console.log(`  without antivirus: ${(plain * 1000).toFixed(0)} ms`);
  console.log(
    `  with clamd:        ${(scanned * 1000).toFixed(0)} ms (+${(((scanned - plain) / plain) * 100).toFixed(0)} %)`,
  );
} finally {
  await dam.close();
  await clamd.close();
}
