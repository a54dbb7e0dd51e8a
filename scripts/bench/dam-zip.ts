// Standard Download (HTTP) of a folder as one zip, by hand: `npm run bench:dam-zip [GiB]`. Streams a sparse file of
// the given size (default 4.1 GiB, past the ZIP64 threshold) through the DAM's `/api/v1/files/zip` and reports the
// rate against reading the same file straight from disk in the same run, and that the archive has its announced
// length and ZIP64 records.
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { addBenchUser, benchSignIn, createBenchDam } from './lib/bench-dam.ts';

const GIB = Number(process.argv[2] ?? 4.1);
const size = Math.floor(GIB * 1024 ** 3);
const dam = await createBenchDam('zip');
try {
  const { config } = dam;
  await addBenchUser(dam.db, { permissions: ['quickDownload'] });
  await mkdir(join(config.storageRoot, 'Library/Big'), { recursive: true });
  const file = join(config.storageRoot, 'Library/Big/big.bin');
  const handle = await open(file, 'w');
  await handle.truncate(size);
  await handle.close();
  await dam.listen();
  const base = dam.origin;
  const cookie = await benchSignIn(base);

  let started = performance.now();
  let read = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }))
    read += (chunk as Buffer).length;
  const diskSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const response = await fetch(`${base}/api/v1/files/zip?path=Big`, { headers: { cookie } });
  const announced = Number(response.headers.get('content-length'));
  let received = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of response.body as ReadableStream<Uint8Array>) {
    received += chunk.byteLength;
    tail = Buffer.concat([tail, chunk]).subarray(-512);
  }
  const zipSeconds = (performance.now() - started) / 1000;
  const mib = (bytes: number, seconds: number) => (bytes / 1024 ** 2 / seconds).toFixed(0);
  console.log(`\nStandard Download zip of one ${GIB} GiB file (sparse)\n`);
  console.log('| path | s | MiB/s | vs disk |');
  console.log('| --- | --- | --- | --- |');
  console.log(`| read from disk (baseline) | ${diskSeconds.toFixed(1)} | ${mib(read, diskSeconds)} | |`);
  console.log(
    `| GET /api/v1/files/zip | ${zipSeconds.toFixed(1)} | ${mib(received, zipSeconds)} | ${(diskSeconds / zipSeconds).toFixed(2)}× |`,
  );
  console.log(
    `\nannounced Content-Length ${announced}, received ${received}: ${announced === received ? 'equal' : 'DIFFERENT'}`,
  );
  console.log(
    `ZIP64 end-of-central-directory record: ${tail.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06])) ? 'present' : 'MISSING'}`,
  );
} finally {
  await dam.close();
}
