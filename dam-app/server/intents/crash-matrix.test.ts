import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../assets/reconcile.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config/config.ts';
import { createServices } from '../create-services.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import type { Database } from '../db/schema.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { silentLogger } from '../log.ts';
import { ALL_PERMISSIONS } from '../test-support/acl-fixture.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { eventually } from '../test-support/sample-media.ts';
import {
  type DatabaseKind,
  damProcessArgs,
  freePort,
  freshPostgresDatabase,
  seedPgliteHome,
  TEST_PASSWORD,
} from '../test-support/test-dam.ts';

// Issue 23, finding 3: the crash matrix. A real server process runs seven operations at once, each on data of its
// own — folder move, folder rename, folder copy, folder delete, trash restore, check-in, version restore — and is
// SIGKILLed: in the named rounds when every operation has reached its step (DAM_TEST_CRASH_AT, the test hook), in
// the timed rounds a number of milliseconds after the requests went out. Each round starts the server again on the
// same DAM_HOME and database (which recovers the last round's operations, then reconciles the storage). At the end
// every asset must be there with its id, metadata, versions and bytes, and everything in the trash restorable.

const BOX = 150;
const RENAMED = 150;
const COPIED = 10;
const DELETED_EACH = 5;
const TIMED_MS = [5, 20, 35, 50, 70, 90, 115, 145, 180, 230];
/** Operations of each stream in one round, one after the other. */
const PER_ROUND = 3;

type Stream = 'move' | 'rename' | 'copy' | 'delete' | 'restore' | 'checkin' | 'versionRestore';
const STREAMS: Stream[] = ['move', 'rename', 'copy', 'delete', 'restore', 'checkin', 'versionRestore'];
const KIND_OF: Record<Stream, string> = {
  move: 'folder.move',
  rename: 'folder.rename',
  copy: 'folder.copy',
  delete: 'folder.delete',
  restore: 'asset.restore',
  checkin: 'asset.checkin',
  versionRestore: 'version.restore',
};
const steps = (stream: Stream, names: string[]) =>
  [1, 2, 3].flatMap((hit) => names.map((name) => `${KIND_OF[stream]}.${name}:${hit}`));

/**
 * Each stream's named points, and one in-transaction point per stream in a round of its own (such a step kills at
 * once, so it would preempt the others).
 */
function namedRounds(): Partial<Record<Stream, string>>[] {
  const base: Record<Stream, string[]> = {
    move: steps('move', ['begun', 'files', 'done']),
    rename: steps('rename', ['begun', 'files', 'done']),
    // A copy of 10 files passes 11 entries (the folder, then each file): file:n counts them over the round.
    copy: [
      'begun:1',
      'file:1',
      'file:5',
      'file:11',
      'files:1',
      'done:1',
      'file:17',
      'files:2',
      'done:2',
      'begun:3',
    ].map((each) => `folder.copy.${each}`),
    delete: steps('delete', ['begun', 'files', 'done']),
    restore: steps('restore', ['begun', 'files', 'done']),
    checkin: steps('checkin', ['begun', 'kept', 'files', 'done']),
    versionRestore: steps('versionRestore', ['begun', 'kept', 'files', 'done']),
  };
  const rounds: Partial<Record<Stream, string>>[] = Array.from({ length: 13 }, () => ({}));
  STREAMS.forEach((stream, index) => {
    (rounds[index] as Partial<Record<Stream, string>>)[stream] = `${KIND_OF[stream]}.rows:${1 + (index % 3)}`;
    const rest = [...base[stream]];
    for (const round of rounds) if (!round[stream] && rest.length) round[stream] = rest.shift();
  });
  return rounds;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Seeded {
  userId: number;
  folders: {
    box: number;
    a: number;
    b: number;
    renamed: number;
    src: number;
    copyTo: number[];
    del: number[];
  };
  trashed: number[];
  doc: number;
  ver: number;
  versionHashes: { a: string; b: string };
}

function defineCrashMatrix(kind: DatabaseKind, options: { timed: boolean }) {
  describe(`the crash matrix on ${kind}`, () => {
    let home: string;
    let storage: string;
    let databaseUrl: string | undefined;
    let server: ChildProcess | undefined;
    let seeded: Seeded;
    let snapshot: Map<number, { name: string; description: string; keywords: string[] }>;
    const rounds = namedRounds();
    const roundCount = rounds.length + (options.timed ? TIMED_MS.length : 0);
    const points = new Map<Stream, number>(STREAMS.map((stream) => [stream, 0]));
    const outcomes = { finished: 0, undone: 0, failed: 0 };

    const open = () => openDatabase({ databaseUrl, pgliteDir: join(home, 'pglite') });

    async function seed(db: Kysely<Database>): Promise<Seeded> {
      const user = await db
        .insertInto('users')
        .values({
          username: 'crash',
          password_hash: await hashPassword(TEST_PASSWORD, 10),
          status: 'active',
          is_admin: false,
          email: 'crash@dam.example',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const acl = await db
        .insertInto('acls')
        .values({ name: 'Crash', root_path: 'Crash', permissions: [...ALL_PERMISSIONS] })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('acl_grants')
        .values({ acl_id: acl.id, user_id: user.id, group_id: null })
        .execute();
      let serial = 0;
      const folder = async (path: string) => {
        await mkdir(join(storage, path), { recursive: true });
        return ensureFolderRow(db, path);
      };
      const files = async (dir: string, count: number, prefix: string) => {
        const folderId = await folder(dir);
        const rows = [];
        for (let index = 0; index < count; index++) {
          const bytes = randomBytes(200 + (index % 7) * 100);
          const name = `${prefix}-${index}.bin`;
          await writeFile(join(storage, dir, name), bytes);
          serial++;
          rows.push({
            folder_id: folderId,
            path: `${dir}/${name}`,
            name: `Title ${serial}`,
            file_name: name,
            description: `Description ${serial} ${randomBytes(4).toString('hex')}`,
            keywords: [`k${serial}`, 'crash'],
            size: bytes.length,
            content_hash: sha(bytes),
            kind: 'other' as const,
            rendition_state: 'done' as const,
            date_created: new Date(),
            metadata: '{}',
          });
        }
        return (await db.insertInto('assets').values(rows).returning('id').execute()).map((row) => row.id);
      };
      const a = await folder('Crash/M/a');
      const b = await folder('Crash/M/b');
      await files('Crash/M/a/box', BOX, 'box');
      await files('Crash/N/x1', RENAMED, 'ren');
      await files('Crash/C/src', COPIED, 'src');
      const copyTo: number[] = [];
      const del: number[] = [];
      for (let index = 0; index < roundCount * PER_ROUND; index++) {
        copyTo.push(await folder(`Crash/C/o${index}`));
        await files(`Crash/D/r${index}`, DELETED_EACH, `del${index}`);
        del.push(await folder(`Crash/D/r${index}`));
      }
      // Trashed assets, their files in the trash area as a delete leaves them.
      const trashed: number[] = [];
      for (let index = 0; index < roundCount * PER_ROUND; index++) {
        const [id] = await files('Crash/T', 1, `t${index}`);
        const key = `assets/${id}-seed/t${index}-0.bin`;
        await mkdir(join(home, 'areas/trash', `assets/${id}-seed`), { recursive: true });
        await writeFile(
          join(home, 'areas/trash', key),
          await readFile(join(storage, `Crash/T/t${index}-0.bin`)),
        );
        await rm(join(storage, `Crash/T/t${index}-0.bin`));
        await db
          .updateTable('assets')
          .set({ status: 'trashed', trash_key: key, folder_id: null, trashed_at: new Date() })
          .where('id', '=', id as number)
          .execute();
        trashed.push(id as number);
      }
      // The checked-out document, and the uploads its check-ins bring (the user's own accelerated uploads).
      const [doc] = await files('Crash/K', 1, 'doc');
      await db
        .updateTable('assets')
        .set({ checked_out_by: user.id, checked_out_at: new Date() })
        .where('id', '=', doc as number)
        .execute();
      await db
        .insertInto('upload_sessions')
        .values({
          cookie: 'crash',
          user_id: user.id,
          node_url: 'https://node',
          destination: 'K',
          file_count: 1,
        })
        .execute();
      for (let index = 0; index < roundCount * PER_ROUND; index++) {
        const path = `Crash/K/.up-${index}.bin`;
        await writeFile(join(storage, path), randomBytes(300 + index));
        await db
          .insertInto('upload_files')
          .values({ cookie: 'crash', path, transfer_id: `t${index}` })
          .execute();
      }
      // The document with two versions of different content, restored back and forth.
      const [ver] = await files('Crash/V', 1, 'ver');
      const current = await readFile(join(storage, 'Crash/V/ver-0.bin'));
      const older = randomBytes(777);
      const hashes = { a: sha(older), b: sha(current) };
      for (const [number, bytes] of [
        [1, older],
        [2, current],
      ] as const) {
        await mkdir(join(home, 'areas/versions', String(ver)), { recursive: true });
        await writeFile(join(home, 'areas/versions', String(ver), sha(bytes)), bytes);
        await db
          .insertInto('asset_versions')
          .values({
            asset_id: ver as number,
            number,
            category: 'Parent',
            file_name: 'ver-0.bin',
            size: bytes.length,
            content_hash: sha(bytes),
            storage_key: `${ver}/${sha(bytes)}`,
            metadata: JSON.stringify({ name: `Title v${number}`, description: `v${number}`, keywords: [] }),
            state: 'completed',
            created_by: user.id,
          })
          .execute();
      }
      await db
        .updateTable('assets')
        .set({ version_number: 2 })
        .where('id', '=', ver as number)
        .execute();
      const id = (path: string) =>
        db.selectFrom('folders').select('id').where('path', '=', path).executeTakeFirstOrThrow();
      return {
        userId: user.id,
        folders: {
          box: (await id('Crash/M/a/box')).id,
          a,
          b,
          renamed: (await id('Crash/N/x1')).id,
          src: (await id('Crash/C/src')).id,
          copyTo,
          del,
        },
        trashed,
        doc: doc as number,
        ver: ver as number,
        versionHashes: hashes,
      };
    }

    async function startServer(crashAt?: string) {
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
          DAM_JOB_CONCURRENCY: '1',
          ...(crashAt ? { DAM_TEST_CRASH_AT: crashAt } : {}),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
      let gone = false;
      const exited = new Promise<void>((resolve) =>
        child.once('exit', () => {
          gone = true;
          resolve();
        }),
      );
      const url = `http://127.0.0.1:${port}`;
      await eventually(async () => {
        if (gone) throw new Error(`The server exited at start: ${stderr.join('').slice(-2000)}`);
        return (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.ok;
      }, 60_000);
      for (const line of stderr.join('').split('\n'))
        if (line.includes('"intents.recovered"')) {
          const report = JSON.parse(line) as typeof outcomes;
          outcomes.finished += report.finished;
          outcomes.undone += report.undone;
          outcomes.failed += report.failed;
        }
      server = child;
      const client = new ApiClient(url);
      await client.login('crash', TEST_PASSWORD);
      return { client, exited, stderr };
    }

    /** Two operations of the stream, one after the other; the server may die under either. */
    async function runStream(client: ApiClient, stream: Stream, round: number) {
      const f = seeded.folders;
      for (let hit = 0; hit < PER_ROUND; hit++) {
        const slot = round * PER_ROUND + hit;
        if (stream === 'move') {
          const inA = existsSync(join(storage, 'Crash/M/a/box'));
          await client.post(`/folders/${f.box}/move`, { destinationId: inA ? f.b : f.a });
        } else if (stream === 'rename') {
          const named = existsSync(join(storage, 'Crash/N/x1')) ? 'x2' : 'x1';
          await client.put(`/folders/${f.renamed}`, { name: named });
        } else if (stream === 'copy') {
          await client.post(`/folders/${f.src}/copy`, { destinationId: f.copyTo[slot] });
        } else if (stream === 'delete') {
          await client.delete(`/folders/${f.del[slot]}`);
        } else if (stream === 'restore') {
          await client.post(`/assets/${seeded.trashed[slot]}/restore`);
        } else if (stream === 'checkin') {
          const held = (await client.get(`/assets/${seeded.doc}`)).body.checkedOutBy;
          if (!held) await client.post(`/assets/${seeded.doc}/checkout`);
          await client.post(`/assets/${seeded.doc}/checkin`, {
            comment: `round ${slot}`,
            replacementPath: `Crash/K/.up-${slot}.bin`,
          });
        } else {
          const now = sha(await readFile(join(storage, 'Crash/V/ver-0.bin')));
          await client.post(
            `/assets/${seeded.ver}/versions/${now === seeded.versionHashes.a ? 2 : 1}/restore`,
          );
        }
      }
    }

    const reachedLog = () => join(home, 'crash-points.log');
    const readReached = async () =>
      existsSync(reachedLog())
        ? (await readFile(reachedLog(), 'utf8')).split('\n').filter(Boolean)
        : ([] as string[]);

    async function namedRound(round: number, plan: Partial<Record<Stream, string>>) {
      await rm(reachedLog(), { force: true });
      const listed = Object.values(plan);
      const { client, exited } = await startServer(listed.join(','));
      const inTransaction = STREAMS.filter((stream) => plan[stream]?.includes('.rows:'));
      const first = STREAMS.filter((stream) => !inTransaction.includes(stream));
      const running = first.map((stream) => runStream(client, stream, round).catch(() => {}));
      // A step inside a transaction kills at once: its operation starts once every other one has stopped at its step.
      const waiting = listed.length - inTransaction.length;
      await eventually(async () => (await readReached()).length >= waiting, 90_000);
      for (const stream of inTransaction) running.push(runStream(client, stream, round).catch(() => {}));
      await exited;
      await Promise.all(running);
      const reached = await readReached();
      expect(reached, `round ${round}`).not.toContain('timeout');
      expect(new Set(reached), `round ${round}`).toEqual(new Set(listed));
      for (const stream of STREAMS) if (plan[stream]) points.set(stream, (points.get(stream) ?? 0) + 1);
    }

    async function timedRound(round: number, delay: number) {
      const { client, exited } = await startServer();
      const running = STREAMS.map((stream) => runStream(client, stream, round).catch(() => {}));
      await new Promise((resolve) => setTimeout(resolve, delay));
      server?.kill('SIGKILL');
      await exited;
      await Promise.all(running);
      for (const stream of STREAMS) points.set(stream, (points.get(stream) ?? 0) + 1);
    }

    beforeAll(async () => {
      home = await mkdtemp(join(tmpdir(), 'rapid-dam-crash-matrix-'));
      storage = join(home, 'storage');
      databaseUrl = kind === 'postgres' ? await freshPostgresDatabase({ migrated: true }) : undefined;
      // Both kinds start from the run's migrated template, as startTestDam's databases do.
      if (!databaseUrl) await seedPgliteHome(home);
      const database = await open();
      await migrateToLatest(database.db);
      seeded = await seed(database.db);
      snapshot = new Map(
        (
          await database.db.selectFrom('assets').select(['id', 'name', 'description', 'keywords']).execute()
        ).map((row) => [row.id, { name: row.name, description: row.description, keywords: row.keywords }]),
      );
      await database.close();
    }, 120_000);
    afterAll(async () => {
      server?.kill('SIGKILL');
      await rm(home, { recursive: true, force: true });
    });

    it('keeps every asset’s id, metadata, versions and bytes through SIGKILLs at every step', async () => {
      for (const [round, plan] of rounds.entries()) await namedRound(round, plan);
      if (options.timed)
        for (const [index, delay] of TIMED_MS.entries()) await timedRound(rounds.length + index, delay);

      // A last start recovers the last round; then everything in the trash comes back.
      const { client, exited } = await startServer();
      const trash = (await client.get('/trash')).body.items as { id: number }[];
      for (const item of trash) {
        const restored = await client.post(`/assets/${item.id}/restore`);
        expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      }
      server?.kill('SIGTERM');
      await exited;
      // A reconcile of the whole storage finds nothing new but one file put there now, and nothing missing.
      await writeFile(join(storage, 'Crash/sentinel.txt'), 'reconciled');
      const runtime = await createServices(
        loadConfig({
          DAM_HOME: home,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          DAM_EMBEDDED_NODE: 'false',
          DAM_RECONCILE_SECONDS: '0',
        }),
        silentLogger,
      );
      try {
        expect(await reconcile(runtime.services, '')).toMatchObject({ ingested: 1, missing: 0 });
      } finally {
        await runtime.close();
      }

      const database = await open();
      const { db } = database;
      try {
        expect(await db.selectFrom('operation_intents').selectAll().execute()).toEqual([]);
        const assets = await db.selectFrom('assets').selectAll().orderBy('id').execute();
        const byId = new Map(assets.map((asset) => [asset.id, asset]));
        expect(assets.filter((asset) => asset.status !== 'active').map((asset) => asset.path)).toEqual([]);
        // Every seeded asset: the same id, metadata, and its bytes where its row says.
        for (const [id, meta] of snapshot) {
          const asset = byId.get(id);
          expect(asset, `asset ${id}`).toBeDefined();
          if (id !== seeded.ver)
            expect({ name: asset?.name, description: asset?.description, keywords: asset?.keywords }).toEqual(
              meta,
            );
          const bytes = await readFile(join(storage, asset?.path as string));
          expect(sha(bytes), asset?.path).toBe(asset?.content_hash);
        }
        // The box and the renamed folder: each whole in one place, never split, never re-created.
        const boxPaths = assets.filter((asset) => asset.path.includes('/box/'));
        expect(boxPaths).toHaveLength(BOX);
        expect(new Set(boxPaths.map((asset) => asset.path.split('/box/')[0]))).toHaveLength(1);
        const renamed = assets.filter((asset) => asset.path.startsWith('Crash/N/'));
        expect(renamed).toHaveLength(RENAMED);
        expect(new Set(renamed.map((asset) => asset.path.split('/')[2]))).toHaveLength(1);
        // New ids only for copies (all or nothing per copy) and the sentinel.
        const added = assets.filter((asset) => !snapshot.has(asset.id));
        const copies = added.filter((asset) => /^Crash\/C\/o\d+\/src\//.test(asset.path));
        expect(added.length - copies.length).toBe(1);
        for (const [index] of seeded.folders.copyTo.entries()) {
          const these = copies.filter((asset) => asset.path.startsWith(`Crash/C/o${index}/src/`));
          const onDisk = existsSync(join(storage, `Crash/C/o${index}/src`))
            ? await readdir(join(storage, `Crash/C/o${index}/src`))
            : [];
          expect([0, COPIED]).toContain(these.length);
          expect(onDisk).toHaveLength(these.length);
          for (const copy of these)
            expect(sha(await readFile(join(storage, copy.path)))).toBe(copy.content_hash);
        }
        expect((await readdir(join(storage, 'Crash/C'))).filter((name) => name.startsWith('.'))).toEqual([]);
        // Versions: none left half done, and the current one is the content and number the asset has.
        for (const id of [seeded.doc, seeded.ver]) {
          const versions = await db
            .selectFrom('asset_versions')
            .selectAll()
            .where('asset_id', '=', id)
            .orderBy('number')
            .execute();
          expect(versions.filter((v) => !['completed', 'failed'].includes(v.state))).toEqual([]);
          const last = versions.filter((v) => v.state === 'completed').at(-1);
          expect(byId.get(id)?.version_number).toBe(last?.number);
          expect(byId.get(id)?.content_hash).toBe(last?.content_hash);
          // The current content is the original itself; older contents are kept in the versions area.
          const kept = versions.filter(
            (v) => v.state === 'completed' && v.content_hash !== last?.content_hash,
          );
          for (const version of kept)
            expect(existsSync(join(home, 'areas/versions', version.storage_key)), version.storage_key).toBe(
              true,
            );
        }
        const checked = STREAMS.map((stream) => `${stream} ${points.get(stream)}`).join(', ');
        process.stdout.write(
          `crash matrix on ${kind}: ${rounds.length} named + ${options.timed ? TIMED_MS.length : 0} timed rounds; ` +
            `points per operation: ${checked}; assets checked: ${assets.length} ` +
            `(seeded ${snapshot.size}); intents recovered: ${JSON.stringify(outcomes)}\n`,
        );
        for (const stream of STREAMS)
          expect(points.get(stream), stream).toBeGreaterThanOrEqual(options.timed ? 20 : 10);
      } finally {
        await database.close();
      }
    }, 900_000);
  });
}

describe.each([
  ['pglite', true],
  ['postgres', false],
] as const)('crash matrix (%s)', (kind, timed) => {
  defineCrashMatrix(kind, { timed });
});
