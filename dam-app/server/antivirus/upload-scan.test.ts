import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRIVE_SERVER_PATHS } from '@rapid/protocol';
import { TransferEngine } from '@rapid/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { EICAR, EICAR_SIGNATURE, type RunningClamd, startClamd } from '../test-support/clamd.ts';
import { clamdProxy } from '../test-support/clamd-proxy.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';

// One real clamd for the file, on the signatures the project writes (none can be downloaded here).
let clamd: RunningClamd;
beforeAll(async () => {
  clamd = await startClamd();
}, 40_000);
afterAll(() => clamd?.close());

/** A file that holds the EICAR string among other bytes, as a real infected upload would. */
const infectedBytes = () => Buffer.concat([randomBytes(2000), Buffer.from(EICAR), randomBytes(2000)]);

describe.each(DATABASE_KINDS)(
  'R-UPLOAD-SCAN: uploads are scanned by clamd before they become assets on %s',
  (kind) => {
    let dam: TestDam;
    let carla: ApiClient;
    let carlaKey: string;
    let local: string;
    const engine = new TransferEngine({ retryBaseMs: 50 });

    beforeAll(async () => {
      dam = await startTestDam(kind, {
        DAM_CLAMD: clamd.socket,
        DAM_CLAMAV_DATABASE: clamd.database,
        DAM_EMBEDDED_NODE: 'true',
        DAM_NODE_API_PORT: '0',
        DAM_NODE_TRANSFER_PORT: '0',
      });
      await dam.userClient('boss', { admin: true });
      carla = await aclUser(dam, 'carla', 'Library');
      carlaKey = (await carla.post('/api-keys', { name: 'drive' })).body.key;
      await mkdir(join(dam.services.config.storageRoot, 'Library/In'), { recursive: true });
      local = await mkdtemp(join(tmpdir(), 'rapid-scan-upload-'));
    });
    afterAll(async () => {
      engine.stopAll();
      await dam.close();
      await rm(local, { recursive: true, force: true });
    });

    const library = (path: string) => join(dam.services.config.storageRoot, path);
    const exists = (path: string) =>
      stat(path).then(
        () => true,
        () => false,
      );
    const assetAt = (path: string) =>
      dam.services.db.selectFrom('assets').select('id').where('path', '=', path).executeTakeFirst();
    const scansOf = (path: string) =>
      dam.services.db.selectFrom('upload_scans').selectAll().where('path', '=', path).orderBy('id').execute();
    /** The hash the upload's ingest job was given, taken while clamd scanned (R-UPLOAD-SCAN-OVERLAP). */
    const hashGivenToIngest = async (path: string) => {
      const jobs = await dam.services.db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'upload.ingest')
        .orderBy('id')
        .execute();
      const payloads = jobs.map((job) => job.payload as { path: string; ahead?: { hash: string } });
      return payloads.find((payload) => payload.path === path)?.ahead?.hash;
    };
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    const quarantined = async () => readdir(dam.services.config.quarantineDir).catch(() => [] as string[]);
    /** Until no ingest is left to run: what the upload queued has become an asset, or never will. */
    const settle = async () => {
      dam.services.jobs.kick();
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
        const pending = await dam.services.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'upload.ingest')
          .where('done_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute();
        if (pending.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the ingest jobs did not finish within 15 s');
    };

    it('tus: an infected file is quarantined, never in the library, the uploader told and the administrators mailed', async () => {
      const data = infectedBytes();
      const tus = tusDriver(dam.url, carla);
      const created = await tus.create(data.byteLength, { filename: 'invoice.pdf', destPath: 'In' });
      const done = await tus.patch(created.location, 0, data);
      expect(done.status).toBe(422);
      expect(done.text).toBe(MESSAGES.uploadInfected);
      expect(await exists(library('Library/In/invoice.pdf'))).toBe(false);
      const [scan] = await scansOf('Library/In/invoice.pdf');
      expect(scan).toMatchObject({ result: 'infected', via: 'http' });
      expect(scan?.signature).toContain(EICAR_SIGNATURE);
      expect((await readFile(scan?.quarantine_path as string)).equals(data)).toBe(true);
      expect(scan?.quarantine_path?.startsWith(dam.services.config.storageRoot)).toBe(false);
      await settle();
      expect(await assetAt('Library/In/invoice.pdf')).toBeUndefined();
      const mail = await dam.mail.waitFor(
        (each) => each.to.includes('boss@') && each.text.includes('Library/In/invoice.pdf'),
      );
      expect(mail.subject).toContain(EICAR_SIGNATURE);
    });

    it('tus: a clean file is scanned, recorded and ingested', async () => {
      const data = randomBytes(50_000);
      const tus = tusDriver(dam.url, carla);
      const created = await tus.create(data.byteLength, { filename: 'clean.bin', destPath: 'In' });
      expect((await tus.patch(created.location, 0, data)).status).toBe(204);
      expect((await scansOf('Library/In/clean.bin')).map((each) => each.result)).toEqual(['clean']);
      // Hashed while clamd scanned: the ingest does not read the file again.
      expect(await hashGivenToIngest('Library/In/clean.bin')).toBe(sha256(data));
      await settle();
      expect(await assetAt('Library/In/clean.bin')).toBeDefined();
    });

    it('HTTP (Drive check-in): infected bytes become no version; the asset keeps its content', async () => {
      await writeFile(library('Library/In/notes.txt'), 'the first words');
      const assetId = String(
        (await carla.post('/assets/ingest', { path: 'Library/In/notes.txt' })).body.asset.id,
      );
      const call = (path: string, init: RequestInit = {}) =>
        fetch(new URL(path, `${dam.url}/api/v1/drive/`), {
          ...init,
          headers: { authorization: `Bearer ${carlaKey}`, ...(init.headers ?? {}) },
        });
      expect((await call(DRIVE_SERVER_PATHS.lock(assetId), { method: 'POST' })).status).toBe(200);
      const saved = await call(DRIVE_SERVER_PATHS.versions(assetId), {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: infectedBytes(),
      });
      expect(saved.status).toBe(422);
      expect((await saved.json()).error).toMatchObject({
        code: 'infected',
        user_message: MESSAGES.uploadInfected,
      });
      expect(await readFile(library('Library/In/notes.txt'), 'utf8')).toBe('the first words');
      const versions = await dam.services.db
        .selectFrom('asset_versions')
        .select('id')
        .where('asset_id', '=', Number(assetId))
        .execute();
      expect(versions.length).toBeLessThanOrEqual(1);
      expect((await scansOf('Library/In/notes.txt')).map((each) => [each.result, each.via])).toEqual([
        ['infected', 'drive'],
      ]);
      expect((await readdir(library('Library/In'))).filter((name) => name.startsWith('.drive-'))).toEqual([]);
    });

    it('Rapid: an infected file the node delivered is quarantined at UploadFileFinish and never ingested', async () => {
      await writeFile(join(local, 'virus.doc'), infectedBytes());
      await writeFile(join(local, 'fine.doc'), randomBytes(20_000));
      const setup = await carla.post('/transfers/pre-transfer', {
        destPath: 'In',
        nodetarget: '/files/upload_setup',
        transfer_spec: { paths: [{ source: join(local, 'virus.doc') }, { source: join(local, 'fine.doc') }] },
      });
      const spec = setup.body.transfer_specs[0].transfer_spec;
      expect((await engine.start(spec).done()).status).toBe('completed');
      expect(await exists(library('Library/In/virus.doc'))).toBe(true);
      const finish = await carla.post('/utils/UploadFileFinish', {
        cookie: spec.cookie,
        paths: ['/Library/In/virus.doc', '/Library/In/fine.doc'],
      });
      expect(finish.status).toBe(422);
      expect(finish.body.error).toMatchObject({ code: 'infected', user_message: MESSAGES.uploadInfected });
      expect(await exists(library('Library/In/virus.doc'))).toBe(false);
      // A repeated finish neither scans again nor ingests what was quarantined; the clean file goes in once.
      const again = await carla.post('/utils/UploadFileFinish', {
        cookie: spec.cookie,
        paths: ['/Library/In/virus.doc', '/Library/In/fine.doc'],
      });
      expect(again.status).toBe(200);
      await settle();
      expect(await assetAt('Library/In/virus.doc')).toBeUndefined();
      expect(await assetAt('Library/In/fine.doc')).toBeDefined();
      expect((await scansOf('Library/In/virus.doc')).map((each) => [each.result, each.via])).toEqual([
        ['infected', 'rapid'],
      ]);
      expect((await quarantined()).some((name) => name.endsWith('virus.doc'))).toBe(true);
    });

    /** An infected file in two chunks, the EICAR string cut across them: only a scan of the whole stream finds it. */
    const split = () => {
      const data = Buffer.concat([randomBytes(3 * 1024 * 1024), Buffer.from(EICAR), randomBytes(20_000)]);
      return { data, cut: 3 * 1024 * 1024 + 30 };
    };
    const untilBytes = async (counts: { bytes: number }, atLeast: number) => {
      for (const deadline = Date.now() + 5_000; Date.now() < deadline && counts.bytes < atLeast; )
        await new Promise((resolve) => setTimeout(resolve, 20));
      return counts.bytes;
    };

    it('tus: the bytes reach clamd while the upload runs, one stream whose verdict is ready at its end (issue 30)', async () => {
      const proxy = await clamdProxy(clamd.socket);
      const scanner = dam.services.config.clamd;
      dam.services.config.clamd = { socket: proxy.socket };
      try {
        const { data, cut } = split();
        const tus = tusDriver(dam.url, carla);
        const created = await tus.create(data.byteLength, { filename: 'streamed.bin', destPath: 'In' });
        expect((await tus.patch(created.location, 0, data.subarray(0, cut))).status).toBe(204);
        // Before the upload is complete, clamd already holds its first chunk (the old code sent nothing yet).
        expect(await untilBytes(proxy.counts, cut)).toBeGreaterThanOrEqual(cut);
        const done = await tus.patch(created.location, cut, data.subarray(cut));
        expect(done.status).toBe(422);
        expect(done.text).toBe(MESSAGES.uploadInfected);
        // One connection: the verdict came from the live stream, the file was not read and sent again.
        expect(proxy.counts.connections).toBe(1);
        expect(proxy.counts.bytes).toBeLessThan(data.byteLength + 1024);
        const [scan] = await scansOf('Library/In/streamed.bin');
        expect(scan).toMatchObject({ result: 'infected', via: 'http' });
        expect((await readFile(scan?.quarantine_path as string)).equals(data)).toBe(true);
        expect(await exists(library('Library/In/streamed.bin'))).toBe(false);
      } finally {
        dam.services.config.clamd = scanner;
        await proxy.close();
      }
    });

    it('tus: a live scan cut mid-upload falls back to scanning the finished file whole', async () => {
      const proxy = await clamdProxy(clamd.socket);
      const scanner = dam.services.config.clamd;
      dam.services.config.clamd = { socket: proxy.socket };
      try {
        const { data, cut } = split();
        const tus = tusDriver(dam.url, carla);
        const created = await tus.create(data.byteLength, { filename: 'cut.bin', destPath: 'In' });
        expect((await tus.patch(created.location, 0, data.subarray(0, cut))).status).toBe(204);
        await untilBytes(proxy.counts, cut);
        proxy.cut();
        const done = await tus.patch(created.location, cut, data.subarray(cut));
        expect(done.status).toBe(422);
        expect(proxy.counts.connections).toBe(2);
        expect((await scansOf('Library/In/cut.bin')).map((each) => each.result)).toEqual(['infected']);
        expect(await exists(library('Library/In/cut.bin'))).toBe(false);
      } finally {
        dam.services.config.clamd = scanner;
        await proxy.close();
      }
    });

    it('Rapid: the files of one finish are scanned side by side, not one after another (issue 30)', async () => {
      const names = ['one.bin', 'two.bin', 'three.bin'];
      const contents = names.map(() => randomBytes(2 * 1024 * 1024));
      for (const [index, name] of names.entries())
        await writeFile(join(local, name), contents[index] as Buffer);
      const setup = await carla.post('/transfers/pre-transfer', {
        destPath: 'In',
        nodetarget: '/files/upload_setup',
        transfer_spec: { paths: names.map((name) => ({ source: join(local, name) })) },
      });
      const spec = setup.body.transfer_specs[0].transfer_spec;
      expect((await engine.start(spec).done()).status).toBe('completed');
      const proxy = await clamdProxy(clamd.socket);
      const scanner = dam.services.config.clamd;
      dam.services.config.clamd = { socket: proxy.socket };
      try {
        const finish = await carla.post('/utils/UploadFileFinish', {
          cookie: spec.cookie,
          paths: names.map((name) => `/Library/In/${name}`),
        });
        expect(finish.status).toBe(200);
        expect(proxy.counts.connections).toBe(3);
        expect(proxy.counts.peak).toBeGreaterThan(1);
        for (const [index, name] of names.entries()) {
          expect((await scansOf(`Library/In/${name}`)).map((each) => each.result)).toEqual(['clean']);
          // R-UPLOAD-SCAN-OVERLAP: each one hashed beside its scan.
          expect(await hashGivenToIngest(`Library/In/${name}`)).toBe(sha256(contents[index] as Buffer));
        }
      } finally {
        dam.services.config.clamd = scanner;
        await proxy.close();
      }
    });

    it('R-UPLOAD-SCAN-OFF: with the antivirus switched off, no byte of a tus upload reaches clamd', async () => {
      const proxy = await clamdProxy(clamd.socket);
      const scanner = dam.services.config.clamd;
      dam.services.config.clamd = { socket: proxy.socket };
      // What the runtime setting DAM_ANTIVIRUS=false does on every server (config/runtime-settings.ts).
      dam.services.config.antivirus = false;
      try {
        const { data, cut } = split();
        const tus = tusDriver(dam.url, carla);
        const created = await tus.create(data.byteLength, { filename: 'unwatched.bin', destPath: 'In' });
        expect((await tus.patch(created.location, 0, data.subarray(0, cut))).status).toBe(204);
        expect((await tus.patch(created.location, cut, data.subarray(cut))).status).toBe(204);
        expect(proxy.counts).toMatchObject({ connections: 0, bytes: 0 });
        expect(await scansOf('Library/In/unwatched.bin')).toEqual([]);
        await settle();
        expect(await assetAt('Library/In/unwatched.bin')).toBeDefined();
      } finally {
        dam.services.config.antivirus = true;
        dam.services.config.clamd = scanner;
        await proxy.close();
      }
    });

    it('with clamd stopped, an upload goes in unscanned, recorded with the reason', async () => {
      await clamd.stop();
      try {
        const data = infectedBytes();
        const tus = tusDriver(dam.url, carla);
        const created = await tus.create(data.byteLength, { filename: 'unchecked.bin', destPath: 'In' });
        expect((await tus.patch(created.location, 0, data)).status).toBe(204);
        const [scan] = await scansOf('Library/In/unchecked.bin');
        expect(scan).toMatchObject({ result: 'unscanned', via: 'http' });
        expect(scan?.reason).toMatch(/ENOENT|ECONNREFUSED/);
      } finally {
        await clamd.start();
      }
    });
  },
);
