import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { ALL_PERMISSIONS } from '../test-support/acl-fixture.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { eventually } from '../test-support/sample-media.ts';
import {
  DATABASE_KINDS,
  damProcessArgs,
  freePort,
  freshPostgresDatabase,
  seedPgliteHome,
  TEST_PASSWORD,
} from '../test-support/test-dam.ts';

const FILES = 12;
const KILL_AT = 6;

/** Every file under a folder, relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

// R-DOCK-PLACE: a real server process is SIGKILLed while it places a dock's files (copies, so each takes a moment and
// leaves a temporary name behind while it runs). After a restart the dock's row is consistent, every file on disk is
// inside its folder, the placement goes on to a whole dock, and the done callback leaves nothing behind.
describe.each(DATABASE_KINDS)('a dock whose server is killed during placement on %s', (kind) => {
  let home: string;
  let storage: string;
  let databaseUrl: string | undefined;
  let server: ChildProcess | undefined;
  const originals = new Map<string, Buffer>();
  // Buffer.equals: a deep toEqual of megabytes walks them byte by byte, for minutes.
  const sameBytes = (bytes: Buffer, file: string) =>
    bytes.equals(originals.get(file.split('/')[1] as string) as Buffer);
  const open = () => openDatabase({ databaseUrl, pgliteDir: join(home, 'pglite') });

  const startDam = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    const stderr: string[] = [];
    const child = spawn(process.execPath, damProcessArgs(), {
      env: {
        ...process.env,
        DAM_HOME: home,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        PORT: String(port),
        DAM_SCRYPT_LOG_N: '10',
        DAM_EMBEDDED_NODE: 'false',
        DAM_RECONCILE_SECONDS: '0',
        DAM_JOB_CONCURRENCY: '1',
        DAM_LOADING_DOCK_LINKS: 'false',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    let gone = false;
    child.once('exit', () => {
      gone = true;
    });
    const url = `http://127.0.0.1:${port}`;
    await eventually(async () => {
      if (gone) throw new Error(`The server exited at start: ${stderr.join('').slice(-2000)}`);
      return (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.ok;
    }, 60_000);
    server = child;
    const client = new ApiClient(url);
    await client.login('dock', TEST_PASSWORD);
    return client;
  };

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'rapid-dam-dock-kill-'));
    storage = join(home, 'storage');
    databaseUrl = kind === 'postgres' ? await freshPostgresDatabase({ migrated: true }) : undefined;
    // Both kinds start from the run's migrated template, as startTestDam's databases do.
    if (!databaseUrl) await seedPgliteHome(home);
    await mkdir(join(storage, 'Crash/In'), { recursive: true });
    for (let index = 0; index < FILES; index++) {
      const bytes = randomBytes(2 * 1024 * 1024);
      originals.set(`f${index}.bin`, bytes);
      await writeFile(join(storage, 'Crash/In', `f${index}.bin`), bytes);
    }
    const database = await open();
    try {
      await migrateToLatest(database.db);
      const user = await database.db
        .insertInto('users')
        .values({
          username: 'dock',
          password_hash: await hashPassword(TEST_PASSWORD, 10),
          status: 'active',
          is_admin: false,
          email: 'dock@dam.example',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const acl = await database.db
        .insertInto('acls')
        .values({ name: 'Crash', root_path: 'Crash', permissions: [...ALL_PERMISSIONS] })
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('acl_grants')
        .values({ acl_id: acl.id, user_id: user.id, group_id: null })
        .execute();
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await rm(home, { recursive: true, force: true });
  });

  it('leaves a consistent row and no orphan, and the dock completes after the restart', async () => {
    let dam = await startDam({ DAM_TEST_CRASH_AT: `dock.place:${KILL_AT}` });
    const ids: number[] = [];
    for (const name of originals.keys())
      ids.push((await dam.post('/assets/ingest', { path: `Crash/In/${name}` })).body.asset.id);
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    const prepared = await dam.post('/loading-dock', { ids });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
    const { notificationId, loadingDockId } = prepared.body;
    await exited;

    // Killed: only whole files, each inside the dock's own folder.
    const dockRoot = join(storage, 'LoadingDock');
    const left = await filesUnder(dockRoot);
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(FILES);
    for (const file of left) {
      expect(file.startsWith(`${notificationId}/`)).toBe(true);
      expect(sameBytes(await readFile(join(dockRoot, file)), file)).toBe(true);
    }
    const database = await open();
    try {
      const row = await database.db
        .selectFrom('loading_docks')
        .selectAll()
        .where('id', '=', loadingDockId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        state: 'preparing',
        folder: `LoadingDock/${notificationId}`,
        done_at: null,
      });
      const jobs = await database.db
        .selectFrom('jobs')
        .select(['kind', 'locked_until'])
        .where('kind', 'like', 'loading-dock.%')
        .where('done_at', 'is', null)
        .execute();
      expect(jobs.map((job) => job.kind).sort()).toEqual(['loading-dock.cleanup', 'loading-dock.place']);
      // The dead server's lease on its placement runs out (five minutes): make it so now.
      await database.db
        .updateTable('jobs')
        .set({ locked_until: null })
        .where('kind', '=', 'loading-dock.place')
        .execute();
    } finally {
      await database.close();
    }

    dam = await startDam();
    const dock = await eventually(async () => {
      const body = (await dam.get(`/loading-dock/${notificationId}`)).body;
      return body.state === 'ready' && body;
    }, 60_000);
    expect(dock.files).toHaveLength(FILES);
    const placed = await filesUnder(dockRoot);
    expect(placed).toEqual([...originals.keys()].map((name) => `${notificationId}/${name}`).sort());
    for (const file of placed) expect(sameBytes(await readFile(join(dockRoot, file)), file)).toBe(true);

    expect((await dam.post(`/loading-dock/${notificationId}/done`)).status).toBe(200);
    expect(await filesUnder(dockRoot)).toEqual([]);
  }, 240_000);
});
