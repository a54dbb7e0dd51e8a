import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('versions and check-out on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let dan: ApiClient;
  let admin: ApiClient;

  const file = (path: string) => join(dam.services.config.storageRoot, path);
  const versionFiles = async (id: number) => {
    const folder = join(dam.home, 'areas/versions', String(id));
    return existsSync(folder) ? readdir(folder) : [];
  };
  async function newAsset(name: string) {
    await sampleJpeg(file(`Library/V/${name}`), { color: '#112233' });
    const asset = (await carla.post('/assets/ingest', { path: `Library/V/${name}` })).body.asset;
    await eventually(async () => (await carla.get(`/assets/${asset.id}`)).body.renditionState === 'done');
    return asset.id as number;
  }

  /** What an accelerated upload leaves: the file, and the node's report of it for the user's upload session. */
  async function recordUpload(username: string, path: string) {
    const { db } = dam.services;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const cookie = `upload-${randomBytes(6).toString('hex')}`;
    await db
      .insertInto('upload_sessions')
      .values({ cookie, user_id: user.id, node_url: 'https://node.example', destination: 'V', file_count: 1 })
      .execute();
    await db.insertInto('upload_files').values({ cookie, path, transfer_id: cookie }).execute();
  }

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    dan = await aclUser(dam, 'dan', 'Library');
    admin = await aclUser(dam, 'root-admin', 'Library', undefined, { admin: true });
  });
  afterAll(() => dam.close());

  it('locks for the holder: others cannot edit, delete, replace or check out, and everyone sees who holds it', async () => {
    const id = await newAsset('locked.jpg');
    const out = await carla.post(`/assets/${id}/checkout`);
    expect(out.status).toBe(200);
    expect(out.body.checkedOutBy.username).toBe('carla');
    expect((await dan.get(`/assets/${id}`)).body.checkedOutBy.username).toBe('carla');
    for (const attempt of [
      dan.post(`/assets/${id}/checkout`),
      dan.put(`/assets/${id}`, { description: 'mine now' }),
      dan.delete(`/assets/${id}`),
      dan.post(`/assets/${id}/checkin`, { comment: 'sneaky' }),
      dan.delete(`/assets/${id}/checkout`),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(409);
      expect(refused.body.error.user_message).toBe(ASSET_MESSAGES.inUse);
    }
    expect((await carla.put(`/assets/${id}`, { description: 'holder edits' })).status).toBe(200);
    expect((await carla.post(`/assets/${id}/checkout`)).status).toBe(200);
    // Cancel releases it; an administrator can break someone else's lock.
    expect((await carla.delete(`/assets/${id}/checkout`)).body.checkedOutBy).toBeNull();
    await dan.post(`/assets/${id}/checkout`);
    const broken = await admin.delete(`/assets/${id}/checkout`);
    expect(broken.body.checkedOutBy).toBeNull();
  });

  it('checks in a metadata-only version without copying the binary', async () => {
    const id = await newAsset('meta.jpg');
    await carla.post(`/assets/${id}/checkout`);
    const checkedIn = await carla.post(`/assets/${id}/checkin`, {
      name: 'Retitled',
      comment: 'New title',
      message: 'Title from the brief',
      category: 'Named',
      metadata: { name: 'Brief title', keywords: ['brief'] },
    });
    expect(checkedIn.status).toBe(201);
    expect(checkedIn.body.version).toBe(2);
    expect(checkedIn.body.asset).toMatchObject({
      name: 'Brief title',
      keywords: ['brief'],
      checkedOutBy: null,
    });
    expect(checkedIn.body.asset.versions).toBe(2);
    expect(await versionFiles(id)).toEqual([]);
    const versions = (await carla.get(`/assets/${id}/versions`)).body;
    expect(versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({
      name: 'Retitled',
      comment: 'New title',
      message: 'Title from the brief',
      category: 'Named',
      state: 'completed',
      createdBy: 'carla',
      metadataOnly: true,
      fileName: 'meta.jpg',
    });
    const unnamed = await carla
      .post(`/assets/${id}/checkout`)
      .then(() => carla.post(`/assets/${id}/checkin`, { category: 'Named' }));
    expect(unnamed.body.error.user_message).toBe(ASSET_MESSAGES.nameRequired);
    await carla.delete(`/assets/${id}/checkout`);
  });

  // Issue 23, finding 2: a replacement is the checking-in user's own upload, never another asset's file — locked by
  // someone else or not — nor a file somebody else uploaded or that merely lies in storage.
  it('refuses a replacement that is not the user’s own upload, and the other asset stays whole', async () => {
    const mine = await newAsset('mine.jpg');
    const lockedByDan = await newAsset('dans.jpg');
    const unlocked = await newAsset('free.jpg');
    await sampleJpeg(file('Library/V/dan-upload.jpg'), { color: '#00ff00' });
    await recordUpload('dan', 'Library/V/dan-upload.jpg');
    await sampleJpeg(file('Library/V/stray.jpg'), { color: '#0000ff' });
    expect((await dan.post(`/assets/${lockedByDan}/checkout`)).status).toBe(200);
    const before = new Map<number, Buffer>();
    for (const id of [lockedByDan, unlocked]) {
      const asset = (await carla.get(`/assets/${id}`)).body;
      before.set(id, await readFile(file(asset.path)));
      // An asset that is also (wrongly) recorded as carla's upload is still an asset.
      await recordUpload('carla', asset.path);
    }
    expect((await carla.post(`/assets/${mine}/checkout`)).status).toBe(200);
    const paths = [
      (await carla.get(`/assets/${lockedByDan}`)).body.path,
      `/${(await carla.get(`/assets/${unlocked}`)).body.path}/`,
      'Library/V/dan-upload.jpg',
      'Library/V/stray.jpg',
    ];
    for (const replacementPath of paths) {
      const refused = await carla.post(`/assets/${mine}/checkin`, { replacementPath });
      expect(refused.status, replacementPath).toBeGreaterThanOrEqual(400);
      expect(refused.status, replacementPath).toBeLessThan(500);
    }
    for (const [id, bytes] of before) {
      const original = await fetch(new URL(`/api/v1/assets/${id}/original`, dam.url), {
        headers: { cookie: carla.cookie ?? '' },
      });
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(existsSync(file('Library/V/dan-upload.jpg'))).toBe(true);
    expect((await carla.get(`/assets/${mine}/versions`)).body).toEqual([]);
    await carla.delete(`/assets/${mine}/checkout`);
    await dan.delete(`/assets/${lockedByDan}/checkout`);
  });

  it('checks in new content, keeps the old bytes in the versions area, compares and restores', async () => {
    const id = await newAsset('content.jpg');
    const before = await readFile(file('Library/V/content.jpg'));
    await sampleJpeg(file('Library/V/upload-new.jpg'), { color: '#ff0000', width: 640, height: 360 });
    await recordUpload('carla', 'Library/V/upload-new.jpg');
    const notHeld = await carla.post(`/assets/${id}/checkin`, {
      replacementPath: 'Library/V/upload-new.jpg',
    });
    expect(notHeld.status).toBe(409);
    await carla.post(`/assets/${id}/checkout`);
    const outside = await carla.post(`/assets/${id}/checkin`, { replacementPath: '../../etc/passwd' });
    expect(outside.status).toBe(404);
    const done = await carla.post(`/assets/${id}/checkin`, {
      comment: 'Wider crop',
      replacementPath: 'Library/V/upload-new.jpg',
    });
    expect(done.status).toBe(201);
    expect(done.body.asset).toMatchObject({ aspectRatio: '16:9', dimensions: { width: 640, height: 360 } });
    expect(existsSync(file('Library/V/upload-new.jpg'))).toBe(false);
    expect(await versionFiles(id)).toHaveLength(1);
    await eventually(async () => (await carla.get(`/assets/${id}`)).body.renditionState === 'done');

    const compared = (await carla.get(`/assets/${id}/versions/compare?a=1&b=2`)).body;
    expect(compared.a.number).toBe(1);
    expect(compared.b.metadataOnly).toBe(false);
    expect(compared.differences.map((d: { field: string }) => d.field)).toContain('size');
    expect(compared.a.thumbnailUrl).toBe(`/assets/${id}/versions/1/renditions/thumbnail`);
    const oldThumb = await fetch(new URL(`/api/v1${compared.a.thumbnailUrl}`, dam.url), {
      headers: { cookie: carla.cookie ?? '' },
    });
    expect(oldThumb.headers.get('content-type')).toBe('image/jpeg');

    const restored = await carla.post(`/assets/${id}/versions/1/restore`);
    expect(restored.body.version).toBe(3);
    expect(restored.body.asset.dimensions).toEqual({ width: 400, height: 300 });
    expect(await readFile(file('Library/V/content.jpg'))).toEqual(before);
    const versions = (await carla.get(`/assets/${id}/versions`)).body;
    expect(versions[0]).toMatchObject({ number: 3, message: 'Restored version 1', state: 'completed' });
    const missing = await carla.get(`/assets/${id}/versions/compare?a=1&b=9`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.user_message).toBe(ASSET_MESSAGES.versionNotFound);
  });
});
