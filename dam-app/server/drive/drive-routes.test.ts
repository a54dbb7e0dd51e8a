import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DRIVE_SERVER_PATHS, driveLockReply, driveServerFailure, driveVersionReply } from '@rapid/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import { sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('the Drive server API on %s', (kind) => {
  let dam: TestDam;
  let carlaKey: string;
  let danKey: string;
  let assetId: string;

  const account = () => `${dam.url}/api/v1/drive/`;
  const call = (key: string, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, account()), {
      ...init,
      headers: { authorization: `Bearer ${key}`, ...(init.headers ?? {}) },
    });

  beforeAll(async () => {
    dam = await startTestDam(kind);
    const carla = await aclUser(dam, 'carla', 'Library');
    const dan = await aclUser(dam, 'dan', 'Library');
    carlaKey = (await carla.post('/api-keys', { name: 'drive' })).body.key;
    danKey = (await dan.post('/api-keys', { name: 'drive' })).body.key;
    await sampleJpeg(join(dam.services.config.storageRoot, 'Library/Docs/page.jpg'));
    assetId = String((await carla.post('/assets/ingest', { path: 'Library/Docs/page.jpg' })).body.asset.id);
  });
  afterAll(() => dam.close());

  it('locks, serves the content, saves versions and releases, in the protocol’s shapes', async () => {
    const locked = await call(carlaKey, DRIVE_SERVER_PATHS.lock(assetId), { method: 'POST' });
    expect(locked.status).toBe(200);
    const lock = driveLockReply.parse(await locked.json());
    expect(lock).toMatchObject({ name: 'page.jpg', lock: { file_id: assetId, created_by_type: 'user' } });

    const refused = await call(danKey, DRIVE_SERVER_PATHS.lock(assetId), { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(driveServerFailure.parse(await refused.json()).error.message).toBeTruthy();

    const content = await call(carlaKey, DRIVE_SERVER_PATHS.content(assetId));
    const original = await readFile(join(dam.services.config.storageRoot, 'Library/Docs/page.jpg'));
    expect(Buffer.from(await content.arrayBuffer())).toEqual(original);

    const edited = Buffer.from('edited in the sync folder');
    const notMine = await call(danKey, DRIVE_SERVER_PATHS.versions(assetId), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: edited,
    });
    expect(notMine.status).toBe(409);
    const saved = await call(carlaKey, DRIVE_SERVER_PATHS.versions(assetId), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: edited,
    });
    expect(saved.status).toBe(201);
    expect(driveVersionReply.parse(await saved.json()).version).toEqual({ id: '2', size: edited.length });
    expect(await readFile(join(dam.services.config.storageRoot, 'Library/Docs/page.jpg'))).toEqual(edited);
    // The lock stays with Drive until it lets go.
    expect((await call(danKey, DRIVE_SERVER_PATHS.lock(assetId), { method: 'POST' })).status).toBe(409);

    // A save larger than the JSON body limit streams through.
    const large = Buffer.alloc(3 * 1024 * 1024, 7);
    const big = await call(carlaKey, DRIVE_SERVER_PATHS.versions(assetId), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: large,
    });
    expect(driveVersionReply.parse(await big.json()).version).toEqual({ id: '3', size: large.length });

    const released = await call(carlaKey, DRIVE_SERVER_PATHS.lock(assetId), { method: 'DELETE' });
    expect(released.status).toBe(204);
    expect((await call(carlaKey, DRIVE_SERVER_PATHS.lock(assetId), { method: 'DELETE' })).status).toBe(204);
    expect((await call(danKey, DRIVE_SERVER_PATHS.lock(assetId), { method: 'POST' })).status).toBe(200);
  });

  it('answers 404 for a file outside the ACL and 401 without a valid key', async () => {
    const other = await aclUser(dam, 'mo', 'Library/Marketing');
    const moKey = (await other.post('/api-keys', { name: 'drive' })).body.key;
    expect((await call(moKey, DRIVE_SERVER_PATHS.lock(assetId), { method: 'POST' })).status).toBe(404);
    expect((await call('nonsense', DRIVE_SERVER_PATHS.content(assetId))).status).toBe(401);
  });
});
