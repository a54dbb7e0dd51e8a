import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { reconcile } from '../assets/reconcile.ts';
import { recoverOperations } from '../intents/intent-kinds.ts';
import type { S3StorageArea } from '../storage/s3-area.ts';
import { ALL_PERMISSIONS, aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { type RunningS3, startS3Server } from '../test-support/s3-server.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { assetArchiveIntent, assetUnarchiveIntent, copyBack } from './archive-intents.ts';

// R-ARCHIVE against a real S3-compatible server (s3rver: the S3 REST API over local files, in this process): an
// original goes to the store and comes back byte for byte, its asset a proxy meanwhile; a kill mid-archive or
// mid-restore (an intent left by a dead server) loses nothing.
let s3: RunningS3;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

describe.each(DATABASE_KINDS)('R-ARCHIVE: archive to an S3-compatible store and restore, on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;

  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_ARCHIVE_URL: s3.archiveUrl('dam') });
    admin = await aclUser(dam, 'archivist', 'Library', ALL_PERMISSIONS, { admin: true });
  });
  afterAll(() => dam.close());

  const tree = () => dam.services.tree;

  async function newAsset(name: string, bytes = randomBytes(300_000), folder = `Library/Cold-${kind}`) {
    await mkdir(tree().absolute(folder), { recursive: true });
    await writeFile(tree().absolute(`${folder}/${name}`), bytes);
    await reconcile(dam.services, folder);
    const row = await dam.services.db
      .selectFrom('assets')
      .select(['id', 'path', 'content_hash'])
      .where('path', '=', `${folder}/${name}`)
      .executeTakeFirstOrThrow();
    return { ...row, bytes };
  }

  const entry = async (assetId: number) =>
    (await admin.get('/admin/archive')).body.entries.find(
      (each: { assetId: number }) => each.assetId === assetId,
    );
  async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await probe();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('refuses a retention date before the archive date, and a restore of an asset that is not an archive proxy', async () => {
    const asset = await newAsset('rules.bin');
    const early = await admin.post('/admin/archive', {
      assetIds: [asset.id],
      archiveAt: '2030-06-01T00:00:00Z',
      retentionUntil: '2030-05-31T23:59:59Z',
    });
    expect(early.status).toBe(400);
    expect(early.body.error.user_message).toBe(MESSAGES.retentionBeforeArchive);
    const notProxy = await admin.post('/admin/archive/restore', { assetIds: [asset.id] });
    expect(notProxy.status).toBe(409);
    expect(notProxy.body.error).toMatchObject({
      code: 'not_archive_proxy',
      user_message: MESSAGES.restoreNotArchiveProxy,
    });
    // Scheduled (a year ahead) is not archived either; and one schedule per asset.
    const later = await admin.post('/admin/archive', {
      assetIds: [asset.id],
      archiveAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    });
    expect(later.status).toBe(201);
    expect(await entry(asset.id)).toMatchObject({ state: 'scheduled', archivedAt: null });
    expect((await admin.post('/admin/archive/restore', { assetIds: [asset.id] })).status).toBe(409);
    expect((await admin.post('/admin/archive', { assetIds: [asset.id] })).body.error.code).toBe(
      'already_archived',
    );
    const someone = await dam.userClient(`someone-${kind}`);
    expect((await someone.get('/admin/archive')).status).toBe(403);
  });

  it('archives an original to the store, leaves a proxy that says it is archived, and restores it byte for byte', async () => {
    const asset = await newAsset('master.mov');
    const retention = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const made = await admin.post('/admin/archive', { assetIds: [asset.id], retentionUntil: retention });
    expect(made.status).toBe(201);
    const archived = await until(
      () => entry(asset.id),
      (value) => value?.state === 'archived',
    );
    expect(archived).toMatchObject({
      error: null,
      state: 'archived',
      retentionUntil: retention,
      size: 300_000,
    });
    expect((await admin.get('/admin/archive')).body.tier).toBe('s3');

    // The original left the tree for the S3 server's own files; the asset stays, a proxy.
    expect(await tree().exists(asset.path)).toBe(false);
    const key = `${asset.id}/${asset.content_hash}`;
    const store = dam.services.storage.archive as S3StorageArea;
    expect(Buffer.concat(await (await store.read(key)).toArray()).equals(asset.bytes)).toBe(true);
    expect(existsSync(join(s3.dir, 'cold', 'dam', String(asset.id)))).toBe(true);
    expect((await admin.get(`/assets/${asset.id}`)).status).toBe(200);
    const download = await admin.get(`/files/content?path=${encodeURIComponent(asset.path)}`);
    expect(download.status).toBe(409);
    expect(download.body.error).toMatchObject({
      code: 'asset_archived',
      user_message: MESSAGES.assetArchived,
    });
    // The file actions wait for a restore: each says the asset is archived.
    const folder = await dam.services.db
      .selectFrom('assets')
      .select('folder_id')
      .where('id', '=', asset.id)
      .executeTakeFirstOrThrow();
    for (const [method, path, body] of [
      ['POST', 'rename', { fileName: 'renamed.mov' }],
      ['POST', 'move', { destinationId: folder.folder_id }],
      ['POST', 'copy', { destinationId: folder.folder_id }],
      ['DELETE', '', undefined],
    ] as const) {
      const answer = await admin.request(method, `/assets/${asset.id}${path ? `/${path}` : ''}`, body);
      expect(answer.status, `${method} ${path}`).toBe(409);
      expect(answer.body.error.code).toBe('asset_archived');
    }
    // A reconcile does not call the proxy missing.
    await reconcile(dam.services, '');
    const status = await dam.services.db
      .selectFrom('assets')
      .select('status')
      .where('id', '=', asset.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('active');

    expect((await admin.post('/admin/archive/restore', { assetIds: [asset.id] })).status).toBe(200);
    expect(
      await until(
        () => entry(asset.id),
        (value) => value === undefined,
      ),
    ).toBeUndefined();
    expect((await readFile(tree().absolute(asset.path))).equals(asset.bytes)).toBe(true);
    expect(await store.stat(key)).toBeUndefined();
    const again = await admin.get(`/files/content?path=${encodeURIComponent(asset.path)}`);
    expect(again.status).toBe(200);
  });

  it('archives and restores a library selection: file actions, the ACL root, all or none, the state on each asset', async () => {
    const team = `Library/Team-${kind}`;
    const editor = await aclUser(dam, `editor-${kind}`, team, ['file actions']);
    const viewer = await aclUser(dam, `viewer-${kind}`, team, ['facet browsing']);
    const [one, two, plain] = [
      await newAsset('one.bin', randomBytes(1000), team),
      await newAsset('two.bin', randomBytes(1000), team),
      await newAsset('plain.bin', randomBytes(1000), team),
    ];
    const outside = await newAsset('outside.bin', randomBytes(1000));
    const state = async (id: number) => (await editor.get(`/assets/${id}`)).body.archiveState;

    expect((await viewer.post('/assets/archive', { assetIds: [one.id] })).status).toBe(403);
    // One asset outside the person's ACL: not found, and nothing is scheduled.
    const mixed = await editor.post('/assets/archive', { assetIds: [one.id, outside.id] });
    expect(mixed.status).toBe(404);
    expect(await state(one.id)).toBeNull();
    expect(await entry(outside.id)).toBeUndefined();
    const early = await editor.post('/assets/archive', {
      assetIds: [one.id],
      archiveAt: '2031-01-02T00:00:00Z',
      retentionUntil: '2031-01-01T00:00:00Z',
    });
    expect(early.status).toBe(400);
    expect(early.body.error.user_message).toBe(MESSAGES.retentionBeforeArchive);

    const made = await editor.post('/assets/archive', { assetIds: [one.id, two.id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toEqual({ count: 2 });
    await until(
      () => state(two.id),
      (value) => value === 'archived',
    );
    expect(
      await until(
        () => state(one.id),
        (value) => value === 'archived',
      ),
    ).toBe('archived');
    // The library's list gives each item its state, so the views can badge the proxies.
    const folderId = (
      await dam.services.db
        .selectFrom('folders')
        .select('id')
        .where('path', '=', team)
        .executeTakeFirstOrThrow()
    ).id;
    const listed = (await editor.get(`/folders/${folderId}/assets`)).body.items as {
      id: number;
      archiveState: string | null;
    }[];
    expect(Object.fromEntries(listed.map((item) => [item.id, item.archiveState]))).toEqual({
      [one.id]: 'archived',
      [two.id]: 'archived',
      [plain.id]: null,
    });

    expect((await viewer.post('/assets/archive-restore', { assetIds: [one.id] })).status).toBe(403);
    const notProxy = await editor.post('/assets/archive-restore', { assetIds: [one.id, plain.id] });
    expect(notProxy.status).toBe(409);
    expect(notProxy.body.error.user_message).toBe(MESSAGES.restoreNotArchiveProxy);
    expect(await state(one.id)).toBe('archived');
    expect((await editor.post('/assets/archive-restore', { assetIds: [one.id, two.id] })).body).toEqual({
      count: 2,
    });
    expect(
      await until(
        () => state(one.id),
        (value) => value === null,
      ),
    ).toBeNull();
    expect((await readFile(tree().absolute(one.path))).equals(one.bytes)).toBe(true);
  });

  it('finishes an archive killed between the copy and the removal, and undoes one killed before the copy was whole', async () => {
    const asset = await newAsset('killed.bin');
    const key = `${asset.id}/${asset.content_hash}`;
    await dam.services.db
      .insertInto('asset_archives')
      .values({ asset_id: asset.id, state: 'scheduled', archive_at: new Date() })
      .execute();
    const payload = { assetId: asset.id, path: asset.path, key, size: asset.bytes.length };
    const leftBy = (kindName: string, body: unknown, paths: string[]) =>
      dam.services.db
        .insertInto('operation_intents')
        .values({ kind: kindName, payload: JSON.stringify(body), paths, owner: 1 })
        .execute();

    // Killed before the object was stored: undone, the original stays, still scheduled.
    await leftBy(assetArchiveIntent.name, payload, [asset.path]);
    expect(await recoverOperations(dam.services)).toEqual({ finished: 0, undone: 1, failed: 0 });
    expect((await readFile(tree().absolute(asset.path))).equals(asset.bytes)).toBe(true);
    expect(await entry(asset.id)).toMatchObject({ state: 'scheduled' });

    // Killed after the object was stored whole, before the original went: finished.
    await dam.services.storage.archive.putFile(key, tree().absolute(asset.path));
    await leftBy(assetArchiveIntent.name, payload, [asset.path]);
    expect(await recoverOperations(dam.services)).toEqual({ finished: 1, undone: 0, failed: 0 });
    expect(await tree().exists(asset.path)).toBe(false);
    expect(await entry(asset.id)).toMatchObject({ state: 'archived' });

    // Killed mid-restore, the copy whole under its hidden name but not renamed: undone, the archive copy kept.
    await dam.services.db
      .updateTable('asset_archives')
      .set({ state: 'restoring' })
      .where('asset_id', '=', asset.id)
      .execute();
    const restore = { ...payload, staging: `Library/Cold-${kind}/.restoring-test.tmp` };
    await copyBack(dam.services, restore);
    await leftBy(assetUnarchiveIntent.name, restore, [asset.path, restore.staging]);
    expect(await recoverOperations(dam.services)).toEqual({ finished: 0, undone: 1, failed: 0 });
    expect(await tree().exists(restore.staging)).toBe(false);
    expect(await dam.services.storage.archive.stat(key)).toMatchObject({ size: asset.bytes.length });

    // Killed after the rename, before the rows: finished, and only then the archive copy goes.
    await copyBack(dam.services, restore);
    await tree().move(restore.staging, asset.path);
    await leftBy(assetUnarchiveIntent.name, restore, [asset.path, restore.staging]);
    expect(await recoverOperations(dam.services)).toEqual({ finished: 1, undone: 0, failed: 0 });
    expect(await entry(asset.id)).toBeUndefined();
    expect((await readFile(tree().absolute(asset.path))).equals(asset.bytes)).toBe(true);
    expect(await dam.services.storage.archive.stat(key)).toBeUndefined();
  });
});
