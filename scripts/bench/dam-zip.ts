// Standard Download (HTTP) of a folder as one zip, by hand: `npm run bench:dam-zip [GiB]`. Streams a sparse file of
// the given size (default 4.1 GiB, past the ZIP64 threshold) through the DAM's `/api/v1/files/zip` and reports the
// rate against reading the same file straight from disk in the same run, and that the archive has its announced
// length and ZIP64 records.
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../../dam-app/server/auth/passwords.ts';
import { loadConfig } from '../../dam-app/server/config/config.ts';
import { createServices } from '../../dam-app/server/create-services.ts';
import { silentLogger } from '../../dam-app/server/log.ts';
import { startDamServer } from '../../dam-app/server/start-server.ts';

const GIB = Number(process.argv[2] ?? 4.1);
const size = Math.floor(GIB * 1024 ** 3);
const home = await mkdtemp(join(tmpdir(), 'rapid-bench-zip-'));
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
try {
  const config = loadConfig({
    DAM_HOME: home,
    PORT: String(port),
    DAM_EMBEDDED_NODE: 'false',
    DAM_SCRYPT_LOG_N: '10',
  });
  const runtime = await createServices(config, silentLogger);
  const { db } = runtime.services;
  const acl = await db
    .insertInto('acls')
    .values({ name: 'All', root_path: 'Library', permissions: ['quickDownload'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      username: 'bench',
      password_hash: await hashPassword('Bench-Pass-1', 10),
      status: 'active',
      email: 'b@dam.example',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('acl_grants').values({ acl_id: acl.id, user_id: user.id, group_id: null }).execute();
  await mkdir(join(config.storageRoot, 'Library/Big'), { recursive: true });
  const file = join(config.storageRoot, 'Library/Big/big.bin');
  const handle = await open(file, 'w');
  await handle.truncate(size);
  await handle.close();
  const server = await startDamServer({ port, publicDir: home, sdkDir: home, services: runtime.services });
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'bench', password: 'Bench-Pass-1' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

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
  await server.close();
  await runtime.close();
} finally {
  await rm(home, { recursive: true, force: true });
}
