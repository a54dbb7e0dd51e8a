import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('folders on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let viewer: ApiClient;
  let libraryId: number;
  let marketingId: number;

  const storage = () => dam.services.config.storageRoot;
  const create = (client: ApiClient, parentId: number, name: unknown) =>
    client.post('/folders', { parentId, name });

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing', ['file actions', 'new assets']);
    viewer = await aclUser(dam, 'vic', 'Library', ['facet browsing']);
    libraryId = (await carla.get('/folders/tree')).body.root.id;
    marketingId = (await mo.get('/folders/tree')).body.root.id;
  });
  afterAll(() => dam.close());

  it('shows the places tree under the current ACL root only', async () => {
    const made = await create(carla, libraryId, 'Photos');
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Photos', path: 'Library/Photos', parentId: libraryId });
    await create(carla, made.body.id, 'Summer');
    const tree = (await carla.get('/folders/tree')).body;
    expect(tree.root).toMatchObject({ id: libraryId, path: 'Library', parentId: null });
    expect(tree.folders.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['Library/Marketing', 'Library/Photos', 'Library/Photos/Summer']),
    );
    const moTree = (await mo.get('/folders/tree')).body;
    expect(moTree.root.path).toBe('Library/Marketing');
    expect(moTree.folders.every((f: { path: string }) => f.path.startsWith('Library/Marketing/'))).toBe(true);
    expect(existsSync(join(storage(), 'Library/Photos/Summer'))).toBe(true);
  });

  it('answers 404, not 403, for a folder outside the ACL root', async () => {
    const outside = await mo.get(`/folders/${libraryId}`);
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual((await mo.get('/folders/999999')).body);
    expect((await create(mo, libraryId, 'Sneaky')).status).toBe(404);
    expect(existsSync(join(storage(), 'Library/Sneaky'))).toBe(false);
  });

  it('refuses changes without the permission', async () => {
    const refused = await create(viewer, libraryId, 'Nope');
    expect(refused.status).toBe(403);
    expect(refused.body.error.user_message).toBe(MESSAGES.noPermission);
  });

  // Each hostile name is refused with the spec's message, and nothing appears anywhere on disk.
  it.each([
    ['..', ASSET_MESSAGES.folderNameRule],
    ['.', ASSET_MESSAGES.folderNameRule],
    ['.hidden', ASSET_MESSAGES.folderNameRule],
    ['trailing.', ASSET_MESSAGES.folderNameRule],
    ['../../etc', ASSET_MESSAGES.folderNameRule],
    ['a/b', ASSET_MESSAGES.folderNameRule],
    ['/etc', ASSET_MESSAGES.folderNameRule],
    ['a\\..\\b', ASSET_MESSAGES.folderNameRule],
    ['c:', ASSET_MESSAGES.folderNameRule],
    ['star*', ASSET_MESSAGES.folderNameRule],
    ['quote"', ASSET_MESSAGES.folderNameRule],
    ['what?', ASSET_MESSAGES.folderNameRule],
    ['<tag>', ASSET_MESSAGES.folderNameRule],
    ['nul\0byte', ASSET_MESSAGES.folderNameRule],
    ['new\nline', ASSET_MESSAGES.folderNameRule],
    ['bidi\u202etxt.exe', ASSET_MESSAGES.folderNameRule],
    ['zero\u200bwidth', ASSET_MESSAGES.folderNameRule],
    ['\u2024\u2024', undefined],
    ['', ASSET_MESSAGES.nameRequired],
    ['   ', ASSET_MESSAGES.nameRequired],
    ['x'.repeat(33), ASSET_MESSAGES.maxChars32],
    ['é'.repeat(33), ASSET_MESSAGES.maxChars32],
    ['x'.repeat(5000), ASSET_MESSAGES.maxChars32],
  ] as [string, string | undefined][])('folder name %j', async (name, message) => {
    const before = await readdir(join(storage(), 'Library'));
    const response = await create(carla, libraryId, name);
    if (message === undefined) {
      // One-dot leaders look like dots but are not: a legal name that stays a single folder inside the root.
      expect(response.status).toBe(201);
      expect(response.body.path).toBe(`Library/${name}`);
      expect((await carla.delete(`/folders/${response.body.id}`)).status).toBe(200);
      return;
    }
    expect(response.status).toBe(400);
    expect(response.body.error.user_message).toBe(message);
    expect(response.body.error.fields.name).toBe(message);
    expect(await readdir(join(storage(), 'Library'))).toEqual(before);
    expect(await readdir(storage())).toEqual(['Library']);
    expect(existsSync(join(dam.home, 'etc'))).toBe(false);
  });

  it('accepts a name of exactly 32 characters, and Unicode in NFC', async () => {
    const response = await create(carla, libraryId, 'y'.repeat(32));
    expect(response.status).toBe(201);
    const decomposed = await create(carla, libraryId, 'Cafe\u0301');
    expect(decomposed.body.name).toBe('Caf\u00e9');
    const again = await create(carla, libraryId, 'Caf\u00e9');
    expect(again.status).toBe(409);
    expect(again.body.error.user_message).toBe(ASSET_MESSAGES.directoryNameUnique);
  });

  it('refuses a name that is taken, in the database or only on disk', async () => {
    await create(carla, libraryId, 'Taken');
    const twice = await create(carla, libraryId, 'Taken');
    expect(twice.status).toBe(409);
    expect(twice.body.error.fields.name).toBe(ASSET_MESSAGES.directoryNameUnique);
    await writeFile(join(storage(), 'Library/a-file'), 'x');
    expect((await create(carla, libraryId, 'a-file')).body.error.user_message).toBe(
      ASSET_MESSAGES.directoryNameUnique,
    );
  });

  it('renames, and keeps ids and children', async () => {
    const parent = (await create(carla, libraryId, 'Old name')).body;
    const child = (await create(carla, parent.id, 'Child')).body;
    const renamed = await carla.put(`/folders/${parent.id}`, { name: 'New name' });
    expect(renamed.body).toMatchObject({ id: parent.id, path: 'Library/New name' });
    expect((await carla.get(`/folders/${child.id}`)).body.path).toBe('Library/New name/Child');
    expect(existsSync(join(storage(), 'Library/New name/Child'))).toBe(true);
    expect(existsSync(join(storage(), 'Library/Old name'))).toBe(false);
    const bad = await carla.put(`/folders/${parent.id}`, { name: 'bad:name' });
    expect(bad.body.error.user_message).toBe(ASSET_MESSAGES.folderNameRule);
    await create(carla, libraryId, 'Occupied');
    const clash = await carla.put(`/folders/${parent.id}`, { name: 'Occupied' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.user_message).toBe(ASSET_MESSAGES.directoryNameUnique);
  });

  it('never renames, moves or deletes the ACL root itself', async () => {
    expect((await carla.put(`/folders/${libraryId}`, { name: 'Elsewhere' })).status).toBe(403);
    expect((await carla.delete(`/folders/${libraryId}`)).status).toBe(403);
    expect(existsSync(join(storage(), 'Library'))).toBe(true);
  });

  it('moves into another folder, but not onto its child or its parent', async () => {
    const a = (await create(carla, libraryId, 'A')).body;
    const b = (await create(carla, a.id, 'B')).body;
    const target = (await create(carla, libraryId, 'Target')).body;
    for (const destinationId of [a.id, b.id, libraryId]) {
      const refused = await carla.post(`/folders/${a.id}/move`, { destinationId });
      expect(refused.status).toBe(400);
      expect(refused.body.error.user_message).toBe(ASSET_MESSAGES.ontoChildOrParent);
    }
    const moved = await carla.post(`/folders/${a.id}/move`, { destinationId: target.id });
    expect(moved.body).toMatchObject({ id: a.id, path: 'Library/Target/A', parentId: target.id });
    expect((await carla.get(`/folders/${b.id}`)).body.path).toBe('Library/Target/A/B');
    expect(existsSync(join(storage(), 'Library/Target/A/B'))).toBe(true);

    const other = (await create(carla, libraryId, 'Other')).body;
    await create(carla, other.id, 'A');
    const clash = await carla.post(`/folders/${a.id}/move`, { destinationId: other.id });
    expect(clash.status).toBe(409);
    expect(clash.body.error.user_message).toBe(ASSET_MESSAGES.destinationHasFolder);
  });

  it('refuses a destination outside the ACL root', async () => {
    const mine = (await create(mo, marketingId, 'Campaign')).body;
    for (const action of ['move', 'copy']) {
      const refused = await mo.post(`/folders/${mine.id}/${action}`, { destinationId: libraryId });
      expect(refused.status).toBe(404);
      expect(refused.body.error.user_message).toBe(ASSET_MESSAGES.destinationNotAllowed);
    }
    expect(existsSync(join(storage(), 'Library/Campaign'))).toBe(false);
  });

  it('copies a folder with its subfolders', async () => {
    const source = (await create(carla, libraryId, 'Source')).body;
    await create(carla, source.id, 'Inner');
    await writeFile(join(storage(), 'Library/Source/Inner/note.txt'), 'hello');
    const target = (await create(carla, libraryId, 'Copies')).body;
    const copy = await carla.post(`/folders/${source.id}/copy`, { destinationId: target.id });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ path: 'Library/Copies/Source', parentId: target.id });
    expect(copy.body.id).not.toBe(source.id);
    expect(existsSync(join(storage(), 'Library/Copies/Source/Inner/note.txt'))).toBe(true);
    expect(existsSync(join(storage(), 'Library/Source/Inner/note.txt'))).toBe(true);
    const again = await carla.post(`/folders/${source.id}/copy`, { destinationId: target.id });
    expect(again.body.error.user_message).toBe(ASSET_MESSAGES.destinationHasFolder);
  });

  it('deletes to the trash area, outside the storage root', async () => {
    const doomed = (await create(carla, libraryId, 'Doomed')).body;
    await writeFile(join(storage(), 'Library/Doomed/keep.txt'), 'bytes');
    expect((await carla.delete(`/folders/${doomed.id}`)).status).toBe(200);
    expect(existsSync(join(storage(), 'Library/Doomed'))).toBe(false);
    expect((await carla.get(`/folders/${doomed.id}`)).status).toBe(404);
    const trashRoot = join(dam.home, 'areas/trash/folders');
    const entry = (await readdir(trashRoot)).find((name) => name.startsWith(`${doomed.id}-`));
    expect(entry).toMatch(/^\d+-\d+$/);
    expect(existsSync(join(trashRoot, entry as string, 'keep.txt'))).toBe(true);
  });

  it('blocks a move while a video below is transcoding, and any change while another user holds an asset', async () => {
    const folder = (await create(carla, libraryId, 'Videos')).body;
    const target = (await create(carla, libraryId, 'Later')).body;
    const { db } = dam.services;
    const asset = await db
      .insertInto('assets')
      .values({
        folder_id: folder.id,
        path: 'Library/Videos/clip.mp4',
        name: 'clip.mp4',
        file_name: 'clip.mp4',
        kind: 'video',
        size: 1,
        content_hash: 'x',
        date_created: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const blocked = await carla.post(`/folders/${folder.id}/move`, { destinationId: target.id });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.user_message).toBe(ASSET_MESSAGES.moveBlockedByTranscoding);

    const other = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'vic')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('assets')
      .set({ rendition_state: 'done', checked_out_by: other.id, checked_out_at: new Date() })
      .where('id', '=', asset.id)
      .execute();
    for (const attempt of [
      carla.post(`/folders/${folder.id}/move`, { destinationId: target.id }),
      carla.put(`/folders/${folder.id}`, { name: 'Renamed' }),
      carla.delete(`/folders/${folder.id}`),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(409);
      expect(refused.body.error.user_message).toBe(ASSET_MESSAGES.inUse);
    }
  });

  it('converts an id to its node path and lists a directory (the transfer integration)', async () => {
    const folder = (await create(mo, marketingId, 'Drop')).body;
    await create(mo, folder.id, 'Sub');
    await writeFile(join(storage(), 'Library/Marketing/Drop/one.jpg'), 'x');
    await writeFile(join(storage(), 'Library/Marketing/Drop/two.mov.partial'), 'x');
    await writeFile(join(storage(), 'Library/Marketing/Drop/.DS_Store'), 'x');
    expect((await mo.get(`/folders/${folder.id}/path`)).body).toEqual({
      id: folder.id,
      path: 'Library/Marketing/Drop',
    });
    expect((await mo.get(`/folders/${folder.id}/listing`)).body.paths).toEqual([
      'Library/Marketing/Drop/Sub/',
      'Library/Marketing/Drop/one.jpg',
    ]);
    expect((await mo.get(`/folders/${libraryId}/path`)).status).toBe(404);
    expect((await mo.get(`/folders/${libraryId}/listing`)).status).toBe(404);
  });
});
