import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { NODE_PASSWORD, NODE_USER, type NodeFixture, startNodeFixture } from '@rapid/transfer/test-support';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/schema.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { eventually } from '../test-support/sample-media.ts';
import { damProcessArgs, freePort, freshPostgresDatabase, TEST_PASSWORD } from '../test-support/test-dam.ts';

const SIZE = 48 * 1024 * 1024;

// Issue 14, faults: the DAM server is SIGKILLed in the middle of an accelerated upload to a site's own node. The
// transfer does not need the DAM and goes on; after the DAM starts again, the page's finish actions ingest the file
// exactly once, however often they are sent.
describe('an upload survives the DAM server being killed', () => {
  let home: string;
  let local: string;
  let databaseUrl: string;
  let db: Kysely<Database>;
  let node: NodeFixture;
  let server: ChildProcess | undefined;
  let baseUrl = '';
  const engine = new TransferEngine({ retryBaseMs: 50 });

  const startDam = async () => {
    const port = await freePort();
    const child = spawn(process.execPath, damProcessArgs(), {
      env: {
        ...process.env,
        DAM_HOME: home,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        DAM_SCRYPT_LOG_N: '10',
        DAM_NODES: `${node.node.url.replace('://', `://${NODE_USER}:${NODE_PASSWORD}@`)}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.resume();
    baseUrl = `http://127.0.0.1:${port}`;
    await eventually(
      async () => (await fetch(`${baseUrl}/api/v1/health`).catch(() => undefined))?.ok,
      60_000,
    );
    return child;
  };

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'rapid-dam-kill-'));
    local = await mkdtemp(join(tmpdir(), 'rapid-dam-kill-local-'));
    await mkdir(join(home, 'storage/Library/In'), { recursive: true });
    databaseUrl = await freshPostgresDatabase({ migrated: true });
    // A site's own node (DAM_NODES) on the DAM's storage root: it lives on when the DAM dies.
    node = await startNodeFixture({ docroot: join(home, 'storage'), apiTls: false });
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
    });
  }, 60_000);
  afterAll(async () => {
    engine.stopAll();
    server?.kill('SIGKILL');
    await node?.close();
    await db?.destroy();
    await rm(home, { recursive: true, force: true });
    await rm(local, { recursive: true, force: true });
  });

  it('lets the transfer finish, and ingests the file once after the restart', async () => {
    server = await startDam();
    const admin = await db
      .insertInto('users')
      .values({
        username: 'boss',
        password_hash: await hashPassword(TEST_PASSWORD, 10),
        status: 'active',
        is_admin: true,
        email: 'boss@dam.example',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        username: 'carlos',
        password_hash: await hashPassword(TEST_PASSWORD, 10),
        status: 'active',
        is_admin: false,
        email: 'carlos@dam.example',
      })
      .execute();
    expect(admin.id).toBeGreaterThan(0);
    const boss = new ApiClient(baseUrl);
    await boss.login('boss', TEST_PASSWORD);
    const carlosId = (
      await db.selectFrom('users').select('id').where('username', '=', 'carlos').executeTakeFirstOrThrow()
    ).id;
    const acl = await boss.post('/admin/acls', {
      name: 'Library',
      rootPath: 'Library',
      permissions: ['fileUpload', 'quickDownload'],
      userIds: [carlosId],
    });
    expect(acl.status, JSON.stringify(acl.body)).toBe(201);
    const carlos = new ApiClient(baseUrl);
    await carlos.login('carlos', TEST_PASSWORD);

    const bytes = randomBytes(SIZE);
    await writeFile(join(local, 'master.mov'), bytes);
    const setup = await carlos.post('/transfers/pre-transfer', {
      destPath: 'In',
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: join(local, 'master.mov') }] },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const spec = setup.body.transfer_specs[0].transfer_spec;
    const { cookie } = spec;
    expect((await carlos.post('/utils/UploadSessionStart', { cookie, path: '/Library/In' })).status).toBe(
      200,
    );

    // The DAM asked for 100 Mbit/s (R-TRANSFER-DEFAULTS), so 48 MiB takes seconds: kill the DAM a quarter of the way in.
    const transfer = engine.start(spec);
    await eventually(async () => transfer.info().bytes_written >= SIZE / 4, 30_000);
    const killedAt = transfer.info().bytes_written;
    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    const finished = await transfer.done();
    expect(finished.status).toBe('completed');
    expect(killedAt).toBeLessThan(SIZE);
    expect((await readFile(join(home, 'storage/Library/In/master.mov'))).equals(bytes)).toBe(true);

    // The page's finish actions reach a new server process; the session cookie is still valid there.
    server = await startDam();
    const again = new ApiClient(baseUrl);
    again.cookie = carlos.cookie;
    again.csrfToken = carlos.csrfToken;
    for (let round = 0; round < 3; round++) {
      const finish = await again.post('/utils/UploadFileFinish', {
        cookie,
        paths: ['/Library/In/master.mov'],
      });
      expect(finish.status, JSON.stringify(finish.body)).toBe(200);
      expect(finish.body.paths).toEqual(['Library/In/master.mov']);
    }
    expect((await again.post('/utils/UploadSessionFinish', { cookie, path: '/Library/In' })).status).toBe(
      200,
    );
    const assets = await eventually(async () => {
      const rows = await db
        .selectFrom('assets')
        .select(['path', 'size'])
        .where('path', 'like', 'Library/In/%')
        .execute();
      return rows.length > 0 && rows;
    }, 30_000);
    // Give a duplicate the time it would need to appear, then count again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await db
      .selectFrom('assets')
      .select('path')
      .where('path', 'like', 'Library/In/%')
      .execute();
    expect(after).toHaveLength(1);
    expect(assets[0]).toMatchObject({ path: 'Library/In/master.mov' });
    expect(Number(assets[0]?.size)).toBe(SIZE);
  }, 180_000);
});
