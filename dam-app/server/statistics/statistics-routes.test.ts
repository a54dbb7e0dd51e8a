import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../api/statistics.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('R-STATISTICS: uploads, downloads, active people and storage on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let carla: ApiClient;
  const files = { 'Photos/a.bin': 1_000, 'Photos/b.bin': 2_000, 'Docs/c.txt': 300, 'top.bin': 50 };

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('boss', { admin: true });
    carla = await aclUser(dam, 'carla', 'Library');
    const root = join(dam.services.config.storageRoot, 'Library');
    await mkdir(join(root, 'Photos'), { recursive: true });
    await mkdir(join(root, 'Docs'), { recursive: true });
    // Rows made straight in the database: an ingest's kind comes from a later job, and Statistics only counts rows.
    for (const [path, size] of Object.entries(files)) {
      await writeFile(join(root, path), randomBytes(size));
      const full = `Library/${path}`;
      const fileName = full.slice(full.lastIndexOf('/') + 1);
      await dam.services.db
        .insertInto('assets')
        .values({
          folder_id: await ensureFolderRow(dam.services.db, full.slice(0, full.lastIndexOf('/'))),
          path: full,
          name: fileName,
          file_name: fileName,
          size,
          content_hash: full,
          date_created: new Date(),
          kind: path.endsWith('.txt') ? 'document' : 'other',
          ...(path === 'top.bin' ? { date_added: new Date(Date.now() - 3 * 86_400_000) } : {}),
        })
        .execute();
    }
    await dam.services.db
      .insertInto('assets')
      .values({
        folder_id: null,
        path: 'Library/Photos/gone.bin',
        name: 'gone.bin',
        file_name: 'gone.bin',
        size: 999_999,
        content_hash: 'gone',
        date_created: new Date(Date.now() - 10 * 86_400_000),
        date_added: new Date(Date.now() - 10 * 86_400_000),
        status: 'trashed',
      })
      .execute();
    expect((await carla.get('/files/content?path=Photos/b.bin')).status).toBe(200);
    // Someone seen three days ago, the day top.bin was added.
    await dam.services.db
      .insertInto('audit_log')
      .values((eb) => ({
        at: new Date(Date.now() - 3 * 86_400_000),
        actor_id: eb.selectFrom('users').select('id').where('username', '=', 'carla'),
        event: 'login',
        details: '{}',
      }))
      .execute();
  });
  afterAll(() => dam.close());

  const statistics = async (query: string) => {
    const answer = await admin.get(`/admin/statistics?${query}`);
    expect(answer.status).toBe(200);
    return answer.body as Statistics;
  };

  it('counts each day of the period: uploads and their bytes, downloads and their bytes, active people', async () => {
    const stats = await statistics(`from=${day(4)}&to=${day(0)}`);
    expect(stats.days.map((each) => each.day)).toEqual([day(4), day(3), day(2), day(1), day(0)]);
    const [, threeAgo, , , now] = stats.days;
    expect(threeAgo).toMatchObject({ uploads: 1, uploadBytes: 50, downloads: 0, activeUsers: 1 });
    expect(now).toEqual({
      day: day(0),
      uploads: 3,
      uploadBytes: 3_300,
      downloads: 1,
      downloadBytes: 2_000,
      activeUsers: 2,
    });
    expect(stats.totals).toEqual({ uploads: 4, uploadBytes: 3_350, downloads: 1, downloadBytes: 2_000 });
    expect((await statistics(`from=${day(2)}&to=${day(1)}`)).totals.uploads).toBe(0);
  });

  it('shows storage by folder (one level under the one asked) and by kind', async () => {
    const top = await statistics('');
    expect(top.days).toHaveLength(30);
    expect(top.byFolder).toEqual([{ folder: 'Library', assets: 4, bytes: 3_350 }]);
    const library = await statistics('folder=Library');
    expect(library.byFolder).toEqual([
      { folder: 'Library/Photos', assets: 2, bytes: 3_000 },
      { folder: 'Library/Docs', assets: 1, bytes: 300 },
      { folder: 'Library', assets: 1, bytes: 50 },
    ]);
    expect(library.byKind).toEqual([
      { kind: 'other', assets: 3, bytes: 3_050 },
      { kind: 'document', assets: 1, bytes: 300 },
    ]);
    expect((await statistics('folder=Library/Photos')).byKind).toEqual([
      { kind: 'other', assets: 2, bytes: 3_000 },
    ]);
  });

  it('refuses a period that ends before it starts or spans more than a year', async () => {
    expect((await admin.get(`/admin/statistics?from=${day(0)}&to=${day(1)}`)).status).toBe(400);
    expect((await admin.get(`/admin/statistics?from=${day(400)}&to=${day(0)}`)).status).toBe(400);
    expect((await carla.get('/admin/statistics')).status).toBe(403);
  });
});
