import { existsSync } from 'node:fs';
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg, samplePdf, samplePng, sampleVideo } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { reconcile } from './reconcile.ts';

describe.each(DATABASE_KINDS)('assets on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let viewer: ApiClient;
  let libraryId: number;

  const file = (path: string) => join(dam.services.config.storageRoot, path);
  const ingest = (client: ApiClient, path: string) => client.post('/assets/ingest', { path });
  const rendered = (client: ApiClient, id: number) =>
    eventually(async () => {
      const asset = (await client.get(`/assets/${id}`)).body;
      return asset.renditionState !== 'pending' && asset;
    }, 60_000);
  const folder = async (client: ApiClient, parentId: number, name: string) =>
    (await client.post('/folders', { parentId, name })).body.id as number;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing', ['file actions', 'new assets']);
    viewer = await aclUser(dam, 'vic', 'Library', ['facet browsing', 'quickDownload']);
    libraryId = (await carla.get('/folders/tree')).body.root.id;
  });
  afterAll(() => dam.close());

  it('ingests a photo: type from content, EXIF/XMP, dimensions, profile, aspect ratio, then renditions', async () => {
    await sampleJpeg(file('Library/Shoot/evening.jpg'), {
      width: 800,
      height: 600,
      tags: [
        '-XMP:Subject=sunset',
        '-XMP:Subject=beach',
        '-XMP:Title=Evening at the beach',
        '-XMP:Description=Waves and a red sky',
        '-EXIF:DateTimeOriginal=2024:05:01 10:00:00',
      ],
    });
    const response = await ingest(carla, 'Library/Shoot/evening.jpg');
    expect(response.status).toBe(200);
    expect(response.body.created).toBe(true);
    const asset = response.body.asset;
    expect(asset).toMatchObject({
      name: 'Evening at the beach',
      fileName: 'evening.jpg',
      description: 'Waves and a red sky',
      fileType: 'JPEG',
      mimeType: 'image/jpeg',
      kind: 'image',
      colorProfile: 'sRGB',
      dimensions: { width: 800, height: 600 },
      aspectRatio: '4:3',
      keywords: ['sunset', 'beach'],
      dateCreated: '2024-05-01T10:00:00.000Z',
      path: 'Library/Shoot/evening.jpg',
      versions: 1,
      checkedOutBy: null,
    });
    expect(asset.size).toBeGreaterThan(0);
    expect(Date.parse(asset.dateAdded)).toBeGreaterThan(Date.now() - 60_000);

    const done = await rendered(carla, asset.id);
    expect(done.renditionState).toBe('done');
    expect(done.renditions.map((r: { name: string }) => r.name)).toEqual(['preview', 'thumbnail']);
    const thumbnail = await fetch(new URL(`/api/v1${done.renditions[1].url}`, dam.url), {
      headers: { cookie: carla.cookie ?? '' },
    });
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const pixels = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([pixels.width, pixels.height]).toEqual([256, 192]);
    // The renditions live in their own area, never under the storage root the node serves.
    const stored = await dam.services.db.selectFrom('renditions').select('storage_key').execute();
    for (const row of stored)
      expect(existsSync(join(dam.home, 'areas/renditions', row.storage_key))).toBe(true);
  });

  it('is idempotent by path and content', async () => {
    await sampleJpeg(file('Library/Shoot/same.jpg'), { color: '#aa0000' });
    const first = (await ingest(carla, 'Library/Shoot/same.jpg')).body;
    const second = (await ingest(carla, 'Library/Shoot/same.jpg')).body;
    expect(second).toMatchObject({ created: false, changed: false });
    expect(second.asset.id).toBe(first.asset.id);
    await sampleJpeg(file('Library/Shoot/same.jpg'), { color: '#00aa00', width: 160, height: 90 });
    const changed = (await ingest(carla, 'Library/Shoot/same.jpg')).body;
    expect(changed).toMatchObject({ created: false, changed: true });
    expect(changed.asset).toMatchObject({ id: first.asset.id, aspectRatio: '16:9' });
    const rows = await dam.services.db
      .selectFrom('assets')
      .select('id')
      .where('path', '=', 'Library/Shoot/same.jpg')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('sniffs the type from the content, not the extension', async () => {
    await samplePng(file('Library/Shoot/square.jpg'), 300, 300);
    const asset = (await ingest(carla, 'Library/Shoot/square.jpg')).body.asset;
    expect(asset).toMatchObject({
      fileType: 'PNG',
      mimeType: 'image/png',
      kind: 'image',
      aspectRatio: '1:1',
    });
  });

  it('renders a video poster and web preview, a PDF first page, and an icon for anything else', async () => {
    await sampleVideo(file('Library/Media/clip.mp4'));
    await samplePdf(file('Library/Media/brochure.pdf'));
    await writeFile(file('Library/Media/data.bin'), Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]));
    const video = (await ingest(carla, 'Library/Media/clip.mp4')).body.asset;
    const pdf = (await ingest(carla, 'Library/Media/brochure.pdf')).body.asset;
    const other = (await ingest(carla, 'Library/Media/data.bin')).body.asset;
    expect(video).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      dimensions: { width: 320, height: 180 },
    });
    expect(video.aspectRatio).toBe('16:9');
    expect(pdf).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf' });
    expect(other.kind).toBe('other');

    const names = async (id: number) =>
      (await rendered(carla, id)).renditions.map((r: { name: string }) => r.name).sort();
    expect(await names(video.id)).toEqual(['poster', 'preview', 'thumbnail', 'web-preview']);
    expect(await names(pdf.id)).toEqual(['preview', 'thumbnail']);
    expect(await names(other.id)).toEqual(['icon']);
    const preview = await fetch(new URL(`/api/v1/assets/${video.id}/renditions/web-preview`, dam.url), {
      headers: { cookie: carla.cookie ?? '' },
    });
    expect(preview.headers.get('content-type')).toBe('video/mp4');
    const page = await fetch(new URL(`/api/v1/assets/${pdf.id}/renditions/preview`, dam.url), {
      headers: { cookie: carla.cookie ?? '' },
    });
    const meta = await sharp(Buffer.from(await page.arrayBuffer())).metadata();
    expect(meta.height).toBe(1024);
  });

  it('refuses ingest outside the ACL root, of hidden files, and without the permission', async () => {
    await sampleJpeg(file('Library/outside.jpg'));
    await sampleJpeg(file('Library/Marketing/.hidden.jpg'));
    for (const path of ['Library/outside.jpg', '../outside.jpg', 'Library/Marketing/../outside.jpg'])
      expect((await ingest(mo, path)).status).toBe(404);
    expect((await ingest(mo, 'Library/Marketing/.hidden.jpg')).status).toBe(404);
    expect((await ingest(mo, 'Library/Marketing/nothing-here.jpg')).status).toBe(404);
    const refused = await ingest(viewer, 'Library/outside.jpg');
    expect(refused.status).toBe(403);
    expect(refused.body.error.user_message).toBe(MESSAGES.noPermission);
  });

  it('answers 404 for an asset outside the ACL root, and for a bad id the spec message', async () => {
    const asset = (await ingest(carla, 'Library/outside.jpg')).body.asset;
    expect((await mo.get(`/assets/${asset.id}`)).status).toBe(404);
    expect((await mo.get(`/assets/${asset.id}/renditions/thumbnail`)).status).toBe(404);
    const bad = await carla.get('/assets/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.user_message).toBe(ASSET_MESSAGES.assetIdInvalid);
  });

  it('indexes files that appeared by other means and marks vanished ones missing', async () => {
    await sampleJpeg(file('Library/Dropped/a.jpg'));
    await sampleJpeg(file('Library/Dropped/deeper/b.jpg'));
    await writeFile(file('Library/Dropped/c.mov.partial'), 'in flight');
    const report = await reconcile(dam.services, 'Library/Dropped');
    expect(report.ingested).toBe(2);
    const again = await reconcile(dam.services, 'Library/Dropped');
    expect(again.ingested).toBe(0);
    const tree = (await carla.get('/folders/tree')).body.folders.map((f: { path: string }) => f.path);
    expect(tree).toContain('Library/Dropped/deeper');
    await rm(file('Library/Dropped/a.jpg'));
    expect((await reconcile(dam.services, 'Library/Dropped')).missing).toBe(1);
    const row = await dam.services.db
      .selectFrom('assets')
      .select('status')
      .where('path', '=', 'Library/Dropped/a.jpg')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('missing');
    await sampleJpeg(file('Library/Dropped/a.jpg'));
    await reconcile(dam.services, 'Library/Dropped');
    const back = await dam.services.db
      .selectFrom('assets')
      .select('status')
      .where('path', '=', 'Library/Dropped/a.jpg')
      .executeTakeFirstOrThrow();
    expect(back.status).toBe('active');
  });

  it('edits metadata', async () => {
    await sampleJpeg(file('Library/Edit/e.jpg'));
    const asset = (await ingest(carla, 'Library/Edit/e.jpg')).body.asset;
    const edited = await carla.put(`/assets/${asset.id}`, {
      name: 'Edited',
      description: 'New words',
      keywords: ['one', 'two', 'one'],
    });
    expect(edited.body).toMatchObject({ name: 'Edited', description: 'New words', keywords: ['one', 'two'] });
    const blank = await carla.put(`/assets/${asset.id}`, { name: '  ' });
    expect(blank.body.error.user_message).toBe(ASSET_MESSAGES.nameRequired);
    expect((await viewer.put(`/assets/${asset.id}`, { name: 'x' })).status).toBe(403);
  });

  it('renames by the file name rules: taken names, hostile names, and in-use assets', async () => {
    await sampleJpeg(file('Library/Rename/one.jpg'));
    await sampleJpeg(file('Library/Rename/two.jpg'));
    const one = (await ingest(carla, 'Library/Rename/one.jpg')).body.asset;
    const renamed = await carla.post(`/assets/${one.id}/rename`, { fileName: 'uno.jpg' });
    expect(renamed.body).toMatchObject({
      fileName: 'uno.jpg',
      name: 'uno.jpg',
      path: 'Library/Rename/uno.jpg',
    });
    expect(existsSync(file('Library/Rename/uno.jpg'))).toBe(true);
    expect(existsSync(file('Library/Rename/one.jpg'))).toBe(false);

    const taken = await carla.post(`/assets/${one.id}/rename`, { fileName: 'two.jpg' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.user_message).toBe(ASSET_MESSAGES.assetFilenameExists);

    for (const [fileName, message] of [
      ['../escape.jpg', ASSET_MESSAGES.fileNameRule],
      ['a/b.jpg', ASSET_MESSAGES.fileNameRule],
      ['c:d.jpg', ASSET_MESSAGES.fileNameRule],
      ['back\\slash.jpg', ASSET_MESSAGES.fileNameRule],
      ['.profile', ASSET_MESSAGES.fileNameRule],
      ['nul\0.jpg', ASSET_MESSAGES.fileNameRule],
      ['rtl\u202egpj.exe', ASSET_MESSAGES.fileNameRule],
      ['', ASSET_MESSAGES.nameRequired],
      [`${'é'.repeat(128)}.jpg`, ASSET_MESSAGES.fileNameTooLong],
    ]) {
      const refused = await carla.post(`/assets/${one.id}/rename`, { fileName });
      expect(refused.status, fileName).toBe(400);
      expect(refused.body.error.user_message).toBe(message);
    }
    expect(existsSync(join(dam.services.config.storageRoot, 'escape.jpg'))).toBe(false);
    expect(existsSync(file('Library/escape.jpg'))).toBe(false);

    const { db } = dam.services;
    const vic = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'vic')
      .executeTakeFirstOrThrow();
    await db.updateTable('assets').set({ checked_out_by: vic.id }).where('id', '=', one.id).execute();
    const inUse = await carla.post(`/assets/${one.id}/rename`, { fileName: 'tres.jpg' });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.user_message).toBe(ASSET_MESSAGES.renameBlocked);
    expect((await carla.get(`/assets/${one.id}`)).body.checkedOutBy).toEqual({ id: vic.id, username: 'vic' });
    await db.updateTable('assets').set({ checked_out_by: null }).where('id', '=', one.id).execute();
  });

  it('moves and copies assets between folders', async () => {
    const from = await folder(carla, libraryId, 'From');
    const to = await folder(carla, libraryId, 'To');
    await sampleJpeg(file('Library/From/m.jpg'));
    const asset = (await ingest(carla, 'Library/From/m.jpg')).body.asset;
    await rendered(carla, asset.id);
    const copy = await carla.post(`/assets/${asset.id}/copy`, { destinationId: to });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ path: 'Library/To/m.jpg', folderId: to, renditionState: 'done' });
    expect(copy.body.renditions).toHaveLength(2);
    expect(copy.body.id).not.toBe(asset.id);
    const clash = await carla.post(`/assets/${asset.id}/move`, { destinationId: to });
    expect(clash.body.error.user_message).toBe(ASSET_MESSAGES.assetFilenameExists);
    const elsewhere = await folder(carla, libraryId, 'Elsewhere');
    const moved = await carla.post(`/assets/${asset.id}/move`, { destinationId: elsewhere });
    expect(moved.body).toMatchObject({ id: asset.id, path: 'Library/Elsewhere/m.jpg', folderId: elsewhere });
    expect(existsSync(file('Library/From/m.jpg'))).toBe(false);
    const marketing = (await mo.get('/folders/tree')).body.root.id;
    const notAllowed = await mo.post(`/assets/${asset.id}/move`, { destinationId: marketing });
    expect(notAllowed.status).toBe(404);
    expect(from).toBeGreaterThan(0);
  });

  it('deletes to the trash and restores', async () => {
    await sampleJpeg(file('Library/Bin/t.jpg'));
    const asset = (await ingest(carla, 'Library/Bin/t.jpg')).body.asset;
    expect((await carla.delete(`/assets/${asset.id}`)).status).toBe(200);
    expect(existsSync(file('Library/Bin/t.jpg'))).toBe(false);
    expect((await carla.get(`/assets/${asset.id}`)).status).toBe(404);
    expect((await carla.get('/trash')).body.items.map((a: { id: number }) => a.id)).toContain(asset.id);
    // Another file took the name meanwhile: the restore says so rather than overwrite it.
    await sampleJpeg(file('Library/Bin/t.jpg'));
    const blocked = await carla.post(`/assets/${asset.id}/restore`);
    expect(blocked.body.error.user_message).toBe(ASSET_MESSAGES.assetFilenameExists);
    await rm(file('Library/Bin/t.jpg'));
    const restored = await carla.post(`/assets/${asset.id}/restore`);
    expect(restored.body).toMatchObject({ id: asset.id, status: 'active', path: 'Library/Bin/t.jpg' });
    expect(existsSync(file('Library/Bin/t.jpg'))).toBe(true);
  });

  it('restores an asset whose folder was deleted', async () => {
    const doomed = await folder(carla, libraryId, 'Gone');
    await sampleJpeg(file('Library/Gone/g.jpg'));
    const asset = (await ingest(carla, 'Library/Gone/g.jpg')).body.asset;
    await carla.delete(`/folders/${doomed}`);
    expect((await carla.get(`/assets/${asset.id}`)).status).toBe(404);
    const restored = await carla.post(`/assets/${asset.id}/restore`);
    expect(restored.body).toMatchObject({ status: 'active', path: 'Library/Gone/g.jpg' });
    expect(existsSync(file('Library/Gone/g.jpg'))).toBe(true);
  });

  it('lists a folder a page at a time, by name', async () => {
    const id = await folder(carla, libraryId, 'Paged');
    for (const name of ['c', 'a', 'E', 'b', 'd']) {
      await copyFile(file('Library/outside.jpg'), file(`Library/Paged/${name}.jpg`));
      await ingest(carla, `Library/Paged/${name}.jpg`);
    }
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const query: string = after ? `&after=${after}` : '';
      const page: { body: { items: { name: string }[]; nextCursor: string | null } } = await carla.get(
        `/folders/${id}/assets?limit=2${query}`,
      );
      seen.push(...page.body.items.map((a) => a.name));
      after = page.body.nextCursor;
    } while (after);
    expect(seen).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'E.jpg']);
    expect((await carla.get(`/folders/${id}/assets?after=garbage`)).status).toBe(400);
  });

  it('serves the original only with downloadHiRes', async () => {
    await sampleJpeg(file('Library/Orig/o.jpg'));
    const asset = (await ingest(carla, 'Library/Orig/o.jpg')).body.asset;
    const original = await fetch(new URL(`/api/v1/assets/${asset.id}/original`, dam.url), {
      headers: { cookie: carla.cookie ?? '' },
    });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toContain("filename*=UTF-8''o.jpg");
    expect(Buffer.from(await original.arrayBuffer()).length).toBe(asset.size);
    const refused = await viewer.get(`/assets/${asset.id}/original`);
    expect(refused.status).toBe(403);
    // The person sees the asset but may not take its file: the spec's access-denied text, not a generic one.
    expect(refused.body.error.user_message).toBe(MESSAGES.accessDenied);
    const print = await viewer.get(`/assets/${asset.id}/print/png`);
    expect(print.status).toBe(403);
    expect(print.body.error.user_message).toBe(MESSAGES.accessDenied);
  });
});
