import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Issue 23 finding 1, end to end: a real DAM, its embedded node and a real Rapid transfer. Every client spec here is
 * edited the way a page could edit it (overwrite 'always', no resume, the node's clash_policy removed): the node's
 * token decides, not the spec.
 */
describe.each(DATABASE_KINDS)(
  'an accelerated upload never replaces an asset’s bytes without a version on %s',
  (kind) => {
    let dam: TestDam;
    let carla: ApiClient;
    let dan: ApiClient;
    let uma: ApiClient;
    let local: string;
    const engine = new TransferEngine({ retryBaseMs: 50 });
    const file = (path: string) => join(dam.services.config.storageRoot, path);

    beforeAll(async () => {
      dam = await startTestDam(kind, {
        DAM_EMBEDDED_NODE: 'true',
        DAM_NODE_API_PORT: '0',
        DAM_NODE_TRANSFER_PORT: '0',
      });
      carla = await aclUser(dam, 'carla', 'Library');
      dan = await aclUser(dam, 'dan', 'Library');
      // May upload, may not version ('file actions' is what check-out and check-in need).
      uma = await aclUser(dam, 'uma', 'Library', ['fileUpload']);
      local = await mkdtemp(join(tmpdir(), 'rapid-dam-clash-'));
    });
    afterAll(async () => {
      engine.stopAll();
      await dam.close();
      await rm(local, { recursive: true, force: true });
    });

    /** An asset `Library/<folder>/dawn.jpg`, registered as the DAM registers any file. */
    async function existingDawn(folder: string) {
      await sampleJpeg(file(`Library/${folder}/dawn.jpg`), { color: '#112233' });
      const asset = (await carla.post('/assets/ingest', { path: `Library/${folder}/dawn.jpg` })).body.asset;
      return { id: asset.id as number, bytes: await readFile(file(`Library/${folder}/dawn.jpg`)) };
    }

    /** Uploads a different dawn.jpg into `folder` with Rapid as `who`, reports it finished, waits for its ingest. */
    async function uploadDawn(who: ApiClient, folder: string) {
      const source = join(local, folder, 'dawn.jpg');
      await sampleJpeg(source, { color: '#ff0000', width: 640, height: 360 });
      const setup = await who.post('/transfers/pre-transfer', {
        destPath: folder,
        nodetarget: '/files/upload_setup',
        transfer_spec: { paths: [{ source }] },
      });
      expect(setup.status).toBe(200);
      const { clash_policy: _dropped, ...spec } = setup.body.transfer_specs[0].transfer_spec;
      const done = await engine.start({ ...spec, overwrite: 'always', resume: 'none' }).done();
      expect(done.status).toBe('completed');
      const finished = await who.post('/utils/UploadFileFinish', {
        cookie: spec.cookie,
        paths: [`/Library/${folder}/dawn.jpg`],
      });
      expect(finished.body.paths).toEqual([`Library/${folder}/dawn.jpg`]);
      await eventually(async () => {
        const pending = await dam.services.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'upload.ingest')
          .where('done_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute();
        return pending.length === 0;
      });
      return readFile(source);
    }

    const assetsIn = (folder: string) =>
      dam.services.db
        .selectFrom('assets')
        .select(['id', 'path', 'content_hash'])
        .where('path', 'like', `Library/${folder}/%`)
        .orderBy('path')
        .execute();

    it('(a) a user who may version it: the asset keeps its id and gets a version, the old bytes kept', async () => {
      const dawn = await existingDawn('Mine');
      const uploaded = await uploadDawn(carla, 'Mine');
      expect(await readFile(file('Library/Mine/dawn.jpg'))).toEqual(uploaded);
      expect((await assetsIn('Mine')).map((a) => [a.id, a.path, a.content_hash])).toEqual([
        [dawn.id, 'Library/Mine/dawn.jpg', sha(uploaded)],
      ]);
      const versions = (await carla.get(`/assets/${dawn.id}/versions`)).body;
      expect(versions.map((v: { number: number; state: string }) => [v.number, v.state])).toEqual([
        [2, 'completed'],
        [1, 'completed'],
      ]);
      expect(versions[0]).toMatchObject({ createdBy: 'carla', metadataOnly: false, fileName: 'dawn.jpg' });
      const first = await dam.services.db
        .selectFrom('asset_versions')
        .select('storage_key')
        .where('asset_id', '=', dawn.id)
        .where('number', '=', 1)
        .executeTakeFirstOrThrow();
      const kept: Buffer[] = [];
      for await (const chunk of await dam.services.storage.versions.read(first.storage_key))
        kept.push(chunk as Buffer);
      expect(Buffer.concat(kept)).toEqual(dawn.bytes);
      const asset = (await carla.get(`/assets/${dawn.id}`)).body;
      expect(asset).toMatchObject({ versions: 2, dimensions: { width: 640, height: 360 } });
      // Nothing of the landing is left behind.
      expect((await readdir(file('Library/Mine'))).filter((name) => !name.startsWith('dawn'))).toEqual([]);
    });

    it('(b) checked out by someone else: its bytes untouched, no version, the upload a renamed new asset', async () => {
      const dawn = await existingDawn('Locked');
      expect((await dan.post(`/assets/${dawn.id}/checkout`)).status).toBe(200);
      const uploaded = await uploadDawn(carla, 'Locked');
      expect(await readFile(file('Library/Locked/dawn.jpg'))).toEqual(dawn.bytes);
      expect((await carla.get(`/assets/${dawn.id}/versions`)).body).toEqual([]);
      const assets = await assetsIn('Locked');
      expect(assets.map((a) => [a.path, a.content_hash])).toEqual([
        ['Library/Locked/dawn (2).jpg', sha(uploaded)],
        ['Library/Locked/dawn.jpg', sha(dawn.bytes)],
      ]);
      expect(assets.find((a) => a.path.endsWith('dawn.jpg'))?.id).toBe(dawn.id);
      expect(await readFile(file('Library/Locked/dawn (2).jpg'))).toEqual(uploaded);
      expect((await dan.get(`/assets/${dawn.id}`)).body.checkedOutBy.username).toBe('dan');
    });

    it('(b) the holder of the lock may upload a new version of their own checked-out asset', async () => {
      const dawn = await existingDawn('Held');
      await carla.post(`/assets/${dawn.id}/checkout`);
      const uploaded = await uploadDawn(carla, 'Held');
      expect((await assetsIn('Held')).map((a) => [a.id, a.content_hash])).toEqual([[dawn.id, sha(uploaded)]]);
      expect((await carla.get(`/assets/${dawn.id}/versions`)).body).toHaveLength(2);
    });

    it('an uploader without file actions on it versions nothing: the upload is a renamed new asset', async () => {
      const dawn = await existingDawn('NoRight');
      const uploaded = await uploadDawn(uma, 'NoRight');
      expect(await readFile(file('Library/NoRight/dawn.jpg'))).toEqual(dawn.bytes);
      expect((await carla.get(`/assets/${dawn.id}/versions`)).body).toEqual([]);
      expect((await assetsIn('NoRight')).map((a) => [a.path, a.content_hash])).toEqual([
        ['Library/NoRight/dawn (2).jpg', sha(uploaded)],
        ['Library/NoRight/dawn.jpg', sha(dawn.bytes)],
      ]);
    });

    it('a file on disk the DAM has not registered is never replaced: the upload gets its own name', async () => {
      await sampleJpeg(file('Library/Unknown/dawn.jpg'), { color: '#00ff00' });
      const before = await readFile(file('Library/Unknown/dawn.jpg'));
      const uploaded = await uploadDawn(carla, 'Unknown');
      expect(await readFile(file('Library/Unknown/dawn.jpg'))).toEqual(before);
      expect(await readFile(file('Library/Unknown/dawn (2).jpg'))).toEqual(uploaded);
      expect(existsSync(file('Library/Unknown/dawn (3).jpg'))).toBe(false);
    });
  },
);
