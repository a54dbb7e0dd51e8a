import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { type ClientRequest, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionNames } from '../api/accounts.ts';
import { hashPassword } from './auth/passwords.ts';
import type { Database } from './db/schema.ts';
import { ApiClient } from './test-support/api-client.ts';
import { type DamCluster, HAPROXY, startDamCluster } from './test-support/dam-cluster.ts';
import { damProcessArgs, freshPostgresDatabase, TEST_PASSWORD } from './test-support/test-dam.ts';
import { tusDriver } from './test-support/tus-test-driver.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The bytes of a page's push channel as they come, until closed. */
async function openEvents(url: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(new URL('/api/v1/events', url), { headers: { cookie }, signal: abort.signal });
  let text = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body ?? [])
        text += decoder.decode(chunk as Uint8Array, { stream: true });
    } catch {
      // Aborted by close().
    }
  })();
  await until('the stream to be ready', () => text.includes('event: ready'));
  return {
    text: () => text,
    async close() {
      abort.abort();
      await reading;
    },
  };
}

/** A tus PATCH that sends `first` of its bytes and then waits, its connection open: a slow or stalled client. */
function stalledPatch(
  base: string,
  location: string,
  cookie: string,
  origin: string,
  bytes: Uint8Array,
  first: number,
) {
  let req: ClientRequest | undefined;
  const ended = new Promise<string>((resolve) => {
    req = request(new URL(location, base), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        origin,
        cookie,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.byteLength),
      },
    });
    req.on('response', (response) => resolve(`answered ${response.statusCode}`));
    req.on('error', (error) => resolve(`ended: ${error.message}`));
    req.on('close', () => resolve('closed'));
    req.write(bytes.subarray(0, first));
  });
  return {
    ended,
    /** The rest of its bytes, when it wakes up. */
    sendRest: () =>
      new Promise<void>((resolve) => {
        if (!req || req.destroyed) return resolve();
        req.end(bytes.subarray(first), () => resolve());
        req.once('error', () => resolve());
      }),
  };
}

describe('a DAM cluster: three servers, two transfer nodes, one PostgreSQL, one storage, behind HAProxy', () => {
  let cluster: DamCluster;
  let db: Kysely<Database>;

  beforeAll(async () => {
    if (!existsSync(HAPROXY))
      throw new Error(`HAProxy is not installed (${HAPROXY}): \`npm test\` installs Debian's haproxy.`);
    cluster = await startDamCluster({
      databaseUrl: await freshPostgresDatabase({ migrated: true }),
      servers: 3,
      nodes: 2,
      entry: damProcessArgs(),
      env: { DAM_SCRYPT_LOG_N: '10', DAM_RECONCILE_SECONDS: '0', DAM_JOB_CONCURRENCY: '2' },
    });
    db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 }),
      }),
    });
    const user = await db
      .insertInto('users')
      .values({
        username: 'ana',
        password_hash: await hashPassword(TEST_PASSWORD, 10),
        status: 'active',
        is_admin: false,
        email: 'ana@dam.example',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const acl = await db
      .insertInto('acls')
      .values({ name: 'Library', root_path: 'Library', permissions: [...permissionNames] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('acl_grants').values({ acl_id: acl.id, user_id: user.id, group_id: null }).execute();
    await mkdir(join(cluster.home, 'storage', 'Library', 'cluster'), { recursive: true });
    await mkdir(join(cluster.home, 'storage', 'Library', 'chaos'), { recursive: true });
    await mkdir(join(cluster.home, 'storage', 'Library', 'rapid'), { recursive: true });
  }, 120_000);

  afterAll(async () => {
    // DAM_CLUSTER_LOG=1 shows what the servers said (a failing run's first clue).
    if (process.env.DAM_CLUSTER_LOG)
      for (const server of cluster?.servers ?? []) process.stderr.write(`${server.name}: ${server.output()}`);
    await db?.destroy();
    await cluster?.stop();
  });

  /** A client of one server (or the balancer), with every server's one origin: the balancer's. */
  const clientOf = (url: string) => new ApiClient(url, { origin: cluster.url });

  it('keeps a session made on one server on the others', async () => {
    const [a, b, c] = cluster.servers.map((server) => clientOf(server.url));
    if (!a || !b || !c) throw new Error('three servers');
    await a.login('ana', TEST_PASSWORD);
    b.cookie = a.cookie;
    c.cookie = a.cookie;
    expect((await b.get('/session')).body.user.username).toBe('ana');
    expect((await c.get('/session')).status).toBe(200);
    // Logging out on C ends the session on A too.
    await c.request('DELETE', '/session', undefined, { 'x-csrf-token': a.csrfToken ?? '' });
    expect((await a.get('/session')).status).toBe(401);
  });

  it('resumes a browser upload through another server while the first still holds it, and ingests it once', async () => {
    const [a, b] = cluster.servers;
    if (!a || !b) throw new Error('two servers');
    const client = clientOf(a.url);
    await client.login('ana', TEST_PASSWORD);
    const cookie = client.cookie ?? '';
    const page = await openEvents(cluster.servers[2]?.url ?? '', cookie);
    const bytes = randomBytes(1024 * 1024);
    const half = bytes.byteLength / 2;
    const created = await tusDriver(a.url, client, cluster.url).create(bytes.byteLength, {
      filename: 'resumed.bin',
      destPath: 'cluster',
    });
    expect(created.status).toBe(201);
    // Server A receives the first half, then its client stalls with the connection open (a half-open TCP).
    const stalled = stalledPatch(a.url, created.location, cookie, cluster.url, bytes, half);
    const onB = tusDriver(b.url, client, cluster.url);
    await until(
      'A to store the first half',
      async () => (await onB.offset(created.location)).offset === half,
    );
    // The page resumes through B: B must make A let go before it writes, or both write into one file.
    const resumed = await onB.patch(created.location, half, bytes.subarray(half));
    expect(resumed.status, resumed.text).toBe(204);
    expect(resumed.offset).toBe(bytes.byteLength);
    // A let go when B asked: its request ended (tus's memory locker would keep both writing into one file).
    expect(await Promise.race([stalled.ended, sleep(5000).then(() => 'pending')])).not.toBe('pending');
    // The stalled client wakes up and sends its stale second half: nothing of it may reach the file.
    await stalled.sendRest();
    await sleep(300);
    const stored = join(cluster.home, 'storage', resumed.path);
    expect(sha(await readFile(stored))).toBe(sha(bytes));

    // The ingest job ran once, on one of the servers, and the page open on C heard of it.
    const asset = await until('the ingest', () =>
      db.selectFrom('assets').select(['id', 'path']).where('path', '=', resumed.path).executeTakeFirst(),
    );
    expect(asset.path).toBe('Library/cluster/resumed.bin');
    const jobs = await db
      .selectFrom('jobs')
      .select(['attempts', 'done_at'])
      .where('kind', '=', 'upload.ingest')
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.attempts).toBe(1);
    await until('the event on C', () => page.text().includes('Library/cluster'));
    await page.close();
  });

  it('takes a job again as soon as the server that claimed it is gone, not when its lease runs out', async () => {
    // Claimed by a server process that was killed: its lease has five minutes left, its owner lock is gone.
    const job = await db
      .insertInto('jobs')
      .values({
        kind: 'mail.send',
        payload: JSON.stringify({ to: 'ops@dam.example', subject: 'orphan', text: 'x' }),
        run_at: new Date(),
        attempts: 1,
        locked_by: 424242,
        locked_until: new Date(Date.now() + 300_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const done = await until(
      'the orphaned job',
      () =>
        db
          .selectFrom('jobs')
          .select(['attempts', 'locked_by'])
          .where('id', '=', job.id)
          .where('done_at', 'is not', null)
          .executeTakeFirst(),
      10_000,
    );
    expect(done.attempts).toBe(2);
    expect(done.locked_by).not.toBe(424242);
  });

  it('runs each job once between the servers', async () => {
    const count = 30;
    await db
      .insertInto('jobs')
      .values(
        Array.from({ length: count }, (_, index) => ({
          kind: 'mail.send',
          payload: JSON.stringify({ to: 'ops@dam.example', subject: `once ${index}`, text: 'x' }),
          run_at: new Date(),
        })),
      )
      .execute();
    await until('every mail job', async () => {
      const { rows } = await sql<{ left: number }>`select count(*)::int as left from jobs
        where kind = 'mail.send' and payload->>'subject' like 'once %' and done_at is null`.execute(db);
      return rows[0]?.left === 0 || undefined;
    });
    const { rows } = await sql<{
      attempts: number;
      n: number;
    }>`select attempts, count(*)::int as n from jobs
      where kind = 'mail.send' and payload->>'subject' like 'once %' group by attempts`.execute(db);
    expect(rows).toEqual([{ attempts: 1, n: count }]);
    const outbox = (await import('node:fs/promises')).readdir(join(cluster.home, 'outbox'));
    const subjects = await Promise.all(
      (await outbox)
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => JSON.parse(await readFile(join(cluster.home, 'outbox', name), 'utf8')).subject),
    );
    expect(subjects.filter((subject) => subject.startsWith('once ')).sort()).toEqual(
      Array.from({ length: count }, (_, index) => `once ${index}`).sort(),
    );
  });

  it('loses nothing when servers are SIGKILLed under uploads and edits: clients retry through the others', async () => {
    const client = clientOf(cluster.url);
    await client.login('ana', TEST_PASSWORD);
    const target = await db
      .selectFrom('assets')
      .select('id')
      .where('path', '=', 'Library/cluster/resumed.bin')
      .executeTakeFirstOrThrow();
    const files = Array.from({ length: 6 }, (_, index) => ({
      name: `chaos-${index}.bin`,
      bytes: randomBytes(640 * 1024),
    }));
    let stop = false;
    const failedReads: string[] = [];
    let reads = 0;
    const chaosFolder = await db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Library/cluster')
      .executeTakeFirstOrThrow();
    const readings = [
      () => client.get('/session'),
      () => client.post('/search', { q: 'resumed', limit: 20 }),
      () => client.get(`/folders/${chaosFolder.id}/assets?limit=50`),
    ];
    const reader = (async () => {
      while (!stop) {
        const answer = await (readings[reads % readings.length] as () => Promise<{ status: number }>)().catch(
          (error: Error) => ({ status: error.message }),
        );
        reads++;
        if (answer.status !== 200) failedReads.push(String(answer.status));
        await sleep(20);
      }
    })();
    let edits = 0;
    let lastEdit = '';
    const editor = (async () => {
      while (!stop) {
        const description = `edit ${++edits}`;
        for (;;) {
          const answer = await client.put(`/assets/${target.id}`, { description }).catch(() => undefined);
          if (answer?.status === 200) break;
          await sleep(100);
        }
        lastEdit = description;
        await sleep(50);
      }
    })();
    // Rapid uploads through the nodes; the node that carries the first one is SIGKILLed while it runs.
    const local = await mkdtemp(join(tmpdir(), 'rapid-cluster-local-'));
    const rapidFiles = await Promise.all(
      Array.from({ length: 5 }, async (_, index) => {
        const file = { name: `rapid-${index}.bin`, bytes: randomBytes(4 * 1024 * 1024), source: '' };
        file.source = join(local, file.name);
        await writeFile(file.source, file.bytes);
        return file;
      }),
    );
    const engine = new TransferEngine({ retryBaseMs: 50 });
    const upload = (file: (typeof rapidFiles)[number]) =>
      rapidUpload(cluster, engine, client, file.source, file.name);
    const rapid = [upload(rapidFiles[0] as (typeof rapidFiles)[number])];
    const firstNode = await until('a Rapid transfer under way', () => rapid[0]?.runningOn(), 30_000);
    const victimNode = cluster.nodes.find((node) => firstNode.endsWith(`:${node.apiPort}`));
    if (!victimNode) throw new Error(`no node at ${firstNode}`);
    await victimNode.kill();
    // The uploads that start now must all be sent to the node that lives, by whichever server.
    rapid.push(...rapidFiles.slice(1).map(upload));

    // Two rounds: uploads start, one server is killed in the middle of them and started again.
    const done: Awaited<ReturnType<typeof resilientUpload>>[] = [];
    for (const [round, victim] of [cluster.servers[1], cluster.servers[2]].entries()) {
      let finished = 0;
      const uploads = Promise.all(
        files
          .slice(round * 3, round * 3 + 3)
          .map((file) =>
            resilientUpload(cluster.url, client, cluster.url, file.name, file.bytes).finally(
              () => finished++,
            ),
          ),
      );
      await sleep(400);
      expect(finished, 'the kill must hit uploads in flight').toBe(0);
      await victim?.kill();
      await sleep(300);
      await victim?.start();
      done.push(...(await uploads));
    }
    const rapidDone = await Promise.all(rapid.map((each) => each.done));
    // A zip of the uploads, resumed across servers: its parts from three servers are the zip one server sends whole.
    const zipPath = `/api/v1/files/zip?path=chaos&name=chaos.zip`;
    const whole = Buffer.from(
      await (
        await fetch(new URL(zipPath, cluster.servers[2]?.url), { headers: { cookie: client.cookie ?? '' } })
      ).arrayBuffer(),
    );
    const cuts = [
      0,
      Math.floor(whole.byteLength / 3),
      Math.floor((whole.byteLength * 2) / 3),
      whole.byteLength,
    ];
    const parts: Buffer[] = [];
    for (const [index, url] of [cluster.servers[0]?.url, cluster.servers[1]?.url, cluster.url].entries()) {
      const answer = await fetch(new URL(zipPath, url), {
        headers: {
          cookie: client.cookie ?? '',
          range: `bytes=${cuts[index]}-${(cuts[index + 1] as number) - 1}`,
        },
      });
      expect(answer.status).toBe(206);
      parts.push(Buffer.from(await answer.arrayBuffer()));
    }
    expect(Buffer.concat(parts).equals(whole)).toBe(true);
    stop = true;
    await Promise.all([reader, editor]);
    engine.stopAll();

    // Every Rapid upload is one whole file and exactly one asset; the killed node's one went again through the other.
    expect(
      rapidDone.some((each) => each.nodes.length > 1),
      'one upload moved to the live node',
    ).toBe(true);
    expect(rapidDone.flatMap((each) => each.refused)).toEqual([]);
    for (const file of rapidFiles)
      expect(sha(await readFile(join(cluster.home, 'storage', 'Library/rapid', file.name)))).toBe(
        sha(file.bytes),
      );
    const rapidAssets = await until('every Rapid ingest', async () => {
      const rows = await db
        .selectFrom('assets')
        .select('path')
        .where('path', 'like', 'Library/rapid/%')
        .execute();
      return rows.length >= rapidFiles.length ? rows : undefined;
    });
    await sleep(500);
    expect(
      (await db.selectFrom('assets').select('path').where('path', 'like', 'Library/rapid/%').execute())
        .map((row) => row.path)
        .sort(),
    ).toEqual(rapidFiles.map((file) => `Library/rapid/${file.name}`).sort());
    expect(rapidAssets).toHaveLength(rapidFiles.length);
    const ingests = await sql<{ attempts: number; n: number }>`select attempts, count(*)::int as n from jobs
      where kind = 'upload.ingest' and payload->>'path' like 'Library/rapid/%' group by attempts`.execute(db);
    expect(ingests.rows).toEqual([{ attempts: 1, n: rapidFiles.length }]);

    // Every upload is one whole file and exactly one asset; every job finished, none failed.
    for (const [index, file] of files.entries()) {
      expect(done[index]?.path).toBe(`Library/chaos/${file.name}`);
      expect(sha(await readFile(join(cluster.home, 'storage', 'Library/chaos', file.name)))).toBe(
        sha(file.bytes),
      );
    }
    const assets = await until('every ingest', async () => {
      const rows = await db
        .selectFrom('assets')
        .select('path')
        .where('path', 'like', 'Library/chaos/%')
        .execute();
      return rows.length >= files.length ? rows : undefined;
    });
    expect(assets.map((row) => row.path).sort()).toEqual(
      files.map((file) => `Library/chaos/${file.name}`).sort(),
    );
    const edited = await db
      .selectFrom('assets')
      .select('description')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(edited.description).toBe(lastEdit);
    const failedJobs = await db
      .selectFrom('jobs')
      .select('kind')
      .where('failed_at', 'is not', null)
      .execute();
    expect(failedJobs).toEqual([]);
    // The balancer sent no read to a dead server: what it sent to one was retried elsewhere.
    expect(failedReads, `${failedReads.length} of ${reads} reads failed`).toEqual([]);
    expect(cluster.servers.every((server) => server.running())).toBe(true);
    await victimNode.start();

    // The System status screen lists the three that live, whichever answers; the killed processes are gone from it.
    await db.updateTable('users').set({ is_admin: true }).where('username', '=', 'ana').execute();
    const status = await client.get('/admin/status');
    expect(status.status).toBe(200);
    expect(status.body.servers.map((server: { url: string }) => server.url).sort()).toEqual(
      cluster.servers.map((server) => server.url).sort(),
    );
    expect(status.body.servers.filter((server: { current: boolean }) => server.current)).toHaveLength(1);
  }, 90_000);
});

/**
 * A Rapid upload as a page runs it through the balancer: pre-transfer (the DAM picks a live node), the transfer to
 * that node, then the finish actions sent to every server (they must land once). A transfer that fails (its node
 * was killed) is asked for again, and the DAM gives it the node that answers.
 */
function rapidUpload(
  cluster: DamCluster,
  engine: TransferEngine,
  client: ApiClient,
  source: string,
  name: string,
) {
  const nodes: string[] = [];
  /** Answers other than 200 to pre-transfer: a live server must never send the page to a dead node. */
  const refused: string[] = [];
  let running: { node: string; transfer: ReturnType<TransferEngine['start']> } | undefined;
  const done = (async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const setup = await client
        .post('/transfers/pre-transfer', {
          destPath: 'rapid',
          nodetarget: '/files/upload_setup',
          transfer_spec: { paths: [{ source }] },
        })
        .catch(() => undefined);
      if (setup?.status !== 200) {
        if (setup) refused.push(`${setup.status} ${JSON.stringify(setup.body)}`);
        await sleep(200);
        continue;
      }
      const spec = setup.body.transfer_specs[0].transfer_spec;
      const node = spec.tags.dam.node as string;
      nodes.push(node);
      const cookie = spec.cookie as string;
      await client.post('/utils/UploadSessionStart', { cookie, path: '/Library/rapid' });
      const transfer = engine.start(spec, { retries: 2 });
      running = { node, transfer };
      const result = await transfer.done();
      running = undefined;
      if (result.status !== 'completed') continue;
      // The page's finish actions, through the balancer and again to each server that runs: the file is ingested once.
      const paths = [`/Library/rapid/${name}`];
      for (;;) {
        const finish = await client.post('/utils/UploadFileFinish', { cookie, paths }).catch(() => undefined);
        if (finish?.status === 200) break;
        await sleep(100);
      }
      for (const server of cluster.servers) {
        const other = new ApiClient(server.url, { origin: cluster.url });
        other.cookie = client.cookie;
        other.csrfToken = client.csrfToken;
        // A server the chaos killed or is starting again cannot be reached: no answer, nothing to check.
        const finish = await other.post('/utils/UploadFileFinish', { cookie, paths }).catch(() => undefined);
        if (finish) expect(finish.status, JSON.stringify(finish.body)).toBe(200);
      }
      await client.post('/utils/UploadSessionFinish', { cookie, path: '/Library/rapid' });
      return { nodes, refused };
    }
    throw new Error(`the Rapid upload of ${name} never completed (nodes ${nodes.join(', ')})`);
  })();
  // The node of the transfer while its bytes flow.
  return {
    done,
    runningOn: () => (running && running.transfer.info().bytes_written > 0 ? running.node : undefined),
  };
}

/** A tus client as a page runs it: on any failure it asks where the upload stands and goes on from there. */
async function resilientUpload(
  url: string,
  client: ApiClient,
  origin: string,
  name: string,
  bytes: Uint8Array,
) {
  const tus = tusDriver(url, client, origin);
  const chunk = 64 * 1024;
  let location = '';
  while (!location) {
    const created = await tus
      .create(bytes.byteLength, { filename: name, destPath: 'chaos' })
      .catch(() => undefined);
    if (created?.status === 201) location = created.location;
    else await sleep(100);
  }
  let offset = 0;
  let path = '';
  let retries = 0;
  while (offset < bytes.byteLength) {
    const answer = await tus
      .patch(location, offset, bytes.subarray(offset, Math.min(offset + chunk, bytes.byteLength)))
      .catch(() => undefined);
    if (answer?.status === 204) {
      offset = answer.offset;
      if (offset === bytes.byteLength) path = answer.path;
      await sleep(60);
      continue;
    }
    retries++;
    await sleep(100);
    const head = await tus.offset(location).catch(() => undefined);
    if (head?.status === 200) offset = head.offset;
  }
  return { path, retries };
}
