import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { ingestFile } from '../assets/ingest.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { bundleFolderName } from './bundle-service.ts';

describe.each(DATABASE_KINDS)('bundles on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let looker: ApiClient;
  const bytes: Record<string, Buffer> = {};
  const ids: Record<string, number> = {};

  const get = (client: ApiClient, path: string) =>
    fetch(`${dam.url}/api/v1${path}`, { headers: { cookie: client.cookie ?? '' } });

  async function file(path: string) {
    const absolute = join(dam.services.config.storageRoot, path);
    await mkdir(join(absolute, '..'), { recursive: true });
    bytes[path] = randomBytes(5000 + Object.keys(bytes).length);
    await writeFile(absolute, bytes[path] as Buffer);
    ids[path] = (await ingestFile(dam.services, path)).id;
  }
  async function collection(client: ApiClient, name: string, bundle: boolean, members: string[]) {
    const created = await client.post('/collections', { name, bundle, public: true });
    expect(created.status).toBe(201);
    if (members.length)
      await client.post(`/collections/${created.body.id}/assets`, { ids: members.map((path) => ids[path]) });
    return created.body.id as number;
  }

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing');
    looker = await aclUser(dam, 'lou', 'Library', ['modifying collections']);
    for (const path of [
      'Library/Shoot/cover.jpg',
      'Library/Shoot/notes.txt',
      'Library/Marketing/cover.jpg',
      'Library/Archive/old.bin',
    ])
      await file(path);
  });
  afterAll(() => dam?.close());

  it('lists what a bundle delivers: one folder, names made distinct, in the order they joined', async () => {
    const id = await collection(carla, 'Spring: launch/v2', true, [
      'Library/Shoot/cover.jpg',
      'Library/Marketing/cover.jpg',
      'Library/Shoot/notes.txt',
    ]);
    const { status, body } = await carla.get(`/collections/${id}/bundle`);
    expect(status).toBe(200);
    expect(body.folder).toBe('Spring_ launch_v2');
    // Added in one go, they keep the order of their ids.
    expect(body.files.map((each: { name: string }) => each.name)).toEqual([
      'cover.jpg',
      'notes.txt',
      'cover (2).jpg',
    ]);
    expect(body.totalSize).toBe(
      ['Library/Shoot/cover.jpg', 'Library/Marketing/cover.jpg', 'Library/Shoot/notes.txt']
        .map((path) => (bytes[path] as Buffer).length)
        .reduce((a, b) => a + b),
    );

    // Someone who sees only part of the library gets only that part.
    const partial = await mo.get(`/collections/${id}/bundle`);
    expect(partial.body.files).toEqual([
      { assetId: ids['Library/Marketing/cover.jpg'], name: 'cover.jpg', size: 5002 },
    ]);
  });

  it('downloads a bundle as one zip of its folder, with the exact length announced first', async () => {
    const id = await collection(carla, 'Press kit', true, [
      'Library/Shoot/cover.jpg',
      'Library/Marketing/cover.jpg',
    ]);
    const response = await get(carla, `/collections/${id}/bundle/zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Press kit.zip');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.byteLength).toBe(Number(response.headers.get('content-length')));
    const files = unzipSync(body);
    expect(Object.keys(files).sort()).toEqual(['Press kit/cover (2).jpg', 'Press kit/cover.jpg']);
    expect(Buffer.from(files['Press kit/cover.jpg'] as Uint8Array)).toEqual(bytes['Library/Shoot/cover.jpg']);
    expect(Buffer.from(files['Press kit/cover (2).jpg'] as Uint8Array)).toEqual(
      bytes['Library/Marketing/cover.jpg'],
    );

    // Without a download permission (R-DOWNLOAD-GATE): refused.
    expect((await get(looker, `/collections/${id}/bundle/zip`)).status).toBe(403);
    // A member whose file vanished stops the download: a bundle is delivered whole or not at all.
    await rm(join(dam.services.config.storageRoot, 'Library/Marketing/cover.jpg'));
    expect((await get(carla, `/collections/${id}/bundle/zip`)).status).toBe(404);
    await writeFile(
      join(dam.services.config.storageRoot, 'Library/Marketing/cover.jpg'),
      bytes['Library/Marketing/cover.jpg'] as Buffer,
    );
  });

  it('prepares a bundle in the loading dock, in its own folder, beside loose assets', async () => {
    const id = await collection(carla, 'Dock kit', true, [
      'Library/Shoot/cover.jpg',
      'Library/Shoot/notes.txt',
    ]);
    const prepared = await carla.post('/loading-dock', {
      bundleId: id,
      ids: [ids['Library/Archive/old.bin']],
    });
    expect(prepared.status).toBe(201);
    const { notificationId } = prepared.body;
    const ready = await eventually(async () => {
      const dock = (await carla.get(`/loading-dock/${notificationId}`)).body;
      return dock.state === 'ready' && dock;
    });
    expect(ready.files).toEqual([
      `LoadingDock/${notificationId}/old.bin`,
      `LoadingDock/${notificationId}/Dock kit/cover.jpg`,
      `LoadingDock/${notificationId}/Dock kit/notes.txt`,
    ]);
    expect(await readFile(join(dam.services.config.storageRoot, ready.files[2]))).toEqual(
      bytes['Library/Shoot/notes.txt'],
    );
  });

  it('refuses what is not a bundle, an empty bundle with the spec text, and a collection one cannot see', async () => {
    const plain = await collection(carla, 'Just saved', false, ['Library/Shoot/cover.jpg']);
    const notBundle = await carla.get(`/collections/${plain}/bundle`);
    expect(notBundle.status).toBe(409);
    expect(notBundle.body.error.user_message).toBe(ASSET_MESSAGES.notABundle);
    expect((await carla.post('/loading-dock', { bundleId: plain })).status).toBe(409);

    const empty = await collection(carla, 'Nothing yet', true, []);
    for (const response of [
      await carla.get(`/collections/${empty}/bundle`),
      await carla.post('/loading-dock', { bundleId: empty }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error.user_message).toBe(ASSET_MESSAGES.bundleEmpty);
    }
    // Only assets outside Mo's ACL: for him the bundle is empty.
    const hidden = await collection(carla, 'Shoot only', true, ['Library/Shoot/cover.jpg']);
    expect((await mo.get(`/collections/${hidden}/bundle`)).body.error.user_message).toBe(
      ASSET_MESSAGES.bundleEmpty,
    );

    const secret = await carla.post('/collections', { name: 'Private kit', bundle: true });
    expect((await mo.get(`/collections/${secret.body.id}/bundle`)).status).toBe(404);
    expect((await get(mo, `/collections/${secret.body.id}/bundle/zip`)).status).toBe(404);
  });

  it('names the folder safely whatever the collection is called', () => {
    expect(bundleFolderName('../..')).toBe('___');
    expect(bundleFolderName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(bundleFolderName('tab\there')).toBe('tab_here');
    expect(bundleFolderName('')).toBe('bundle');
  });
});
