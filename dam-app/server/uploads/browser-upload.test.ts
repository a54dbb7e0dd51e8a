import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileNameProblem } from '../../api/names.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';
import { INGEST_UPLOAD_JOB } from '../transfers/upload-action-routes.ts';

describe('resumable browser upload (tus)', () => {
  let dam: TestDam;
  let carlos: ApiClient;
  let ellen: ApiClient;
  beforeAll(async () => {
    dam = await startTestDam('pglite');
    const admin = await dam.userClient('boss', { admin: true });
    const authors = await admin.post('/admin/groups', { name: 'Authors' });
    const users = await admin.post('/admin/groups', { name: 'Users' });
    await admin.post('/admin/acls', {
      name: 'Lib',
      rootPath: 'Library',
      permissions: ['fileUpload'],
      groupIds: [authors.body.id],
    });
    await admin.post('/admin/acls', {
      name: 'View',
      rootPath: 'Library',
      permissions: ['quickDownload'],
      groupIds: [users.body.id],
    });
    carlos = await dam.userClient('carlos', { groupNames: ['Authors'] });
    ellen = await dam.userClient('ellen', { groupNames: ['Users'] });
    await mkdir(join(dam.services.config.storageRoot, 'Library/Drop'), { recursive: true });
    await writeFile(join(dam.services.config.storageRoot, 'Library/Drop/clip.mp4'), 'already here');
  });
  afterAll(() => dam.close());

  it('uploads into a folder of the ACL, never over an existing file, and queues the same ingest', async () => {
    const data = randomBytes(300_000);
    const tus = tusDriver(dam.url, carlos);
    const created = await tus.create(data.byteLength, { filename: 'clip.mp4', destPath: 'Drop' });
    expect(created.status).toBe(201);
    const done = await tus.patch(created.location, 0, data);
    expect(done).toMatchObject({ status: 204, offset: data.byteLength, path: 'Library/Drop/clip (2).mp4' });
    const folder = join(dam.services.config.storageRoot, 'Library/Drop');
    expect(await readFile(join(folder, 'clip (2).mp4'))).toEqual(data);
    expect(await readFile(join(folder, 'clip.mp4'), 'utf8')).toBe('already here');
    const jobs = await dam.services.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', INGEST_UPLOAD_JOB)
      .execute();
    expect(jobs.map((job) => (job.payload as { path: string }).path)).toContain('Library/Drop/clip (2).mp4');
    expect(
      (await readdir(join(dam.home, 'uploads-staging'))).filter((name) => !name.startsWith('.')),
    ).toEqual([]);
  });

  it('takes a whole file in one request, past the 1 MiB limit of API bodies', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const tus = tusDriver(dam.url, carlos);
    const created = await tus.create(data.byteLength, { filename: 'one-go.bin', destPath: 'Drop' });
    expect((await tus.patch(created.location, 0, data)).status).toBe(204);
    expect(
      (await readFile(join(dam.services.config.storageRoot, 'Library/Drop/one-go.bin'))).equals(data),
    ).toBe(true);
  });

  it('resumes from what arrived before the connection dropped', async () => {
    const data = randomBytes(1024 * 1024);
    const tus = tusDriver(dam.url, carlos);
    const created = await tus.create(data.byteLength, { filename: 'big.bin', destPath: 'Drop' });
    expect((await tus.patch(created.location, 0, data.subarray(0, 256 * 1024))).offset).toBe(256 * 1024);
    await tus.dropMidChunk(created.location, 256 * 1024, data.subarray(256 * 1024), 300 * 1024);
    const { offset } = await tus.offset(created.location);
    expect(offset).toBeGreaterThanOrEqual(256 * 1024);
    expect(offset).toBeLessThan(data.byteLength);
    const done = await tus.patch(created.location, offset, data.subarray(offset));
    expect(done.status).toBe(204);
    expect((await readFile(join(dam.services.config.storageRoot, 'Library/Drop/big.bin'))).equals(data)).toBe(
      true,
    );
  });

  it('lets nobody else see or continue someone’s upload', async () => {
    const data = randomBytes(100_000);
    const mine = tusDriver(dam.url, carlos);
    const created = await mine.create(data.byteLength, { filename: 'mine.bin', destPath: 'Drop' });
    await mine.patch(created.location, 0, data.subarray(0, 50_000));
    const theirs = tusDriver(dam.url, ellen);
    expect((await theirs.offset(created.location)).status).toBe(404);
    expect((await theirs.patch(created.location, 50_000, data.subarray(50_000))).status).toBe(404);
  });

  it('refuses people without fileUpload, strangers, bad names and paths outside the ACL', async () => {
    expect((await tusDriver(dam.url, ellen).create(10, { filename: 'x.bin', destPath: 'Drop' })).status).toBe(
      403,
    );
    expect((await tusDriver(dam.url, dam.client()).create(10, { filename: 'x.bin' })).status).toBe(401);
    const tus = tusDriver(dam.url, carlos);
    expect((await tus.create(10, { filename: '.hidden', destPath: 'Drop' })).status).toBe(400);
    expect((await tus.create(10, { filename: 'a.bin', destPath: '../../etc' })).status).toBe(404);
    expect(
      (await tusDriver(dam.url, carlos, 'https://evil.example').create(10, { filename: 'a.bin' })).status,
    ).toBe(403);
  });

  it('applies the R-FILE-NAME file name rule', () => {
    expect(fileNameProblem('photo.jpg')).toBeUndefined();
    for (const bad of ['.env', 'a/b', 'a\\b', 'c:d', '']) expect(fileNameProblem(bad)).toBeDefined();
  });
});
