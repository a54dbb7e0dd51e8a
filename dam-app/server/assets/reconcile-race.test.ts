import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { reconcile } from './reconcile.ts';

// A reconcile's walk takes seconds, and folder moves go on meanwhile (a periodic reconcile, or one a killed server
// left that another takes over at once). The crash matrix caught an asset marked missing whose file was in place.

describe.each(DATABASE_KINDS)('a reconcile beside folder moves on %s', (kind) => {
  let dam: TestDam;
  let mover: ApiClient;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    mover = await aclUser(dam, 'race-mover', 'Library');
  });
  afterAll(() => dam?.close());

  const folderId = async (path: string) =>
    (
      await dam.services.db
        .selectFrom('folders')
        .select('id')
        .where('path', '=', path)
        .executeTakeFirstOrThrow()
    ).id;

  it('never marks missing a file that a move took away during the walk and brought back before the end', async () => {
    const root = dam.services.config.storageRoot;
    await sampleJpeg(join(root, 'Library/Race/a/box/kept.jpg'));
    await mkdir(join(root, 'Library/Race/b'), { recursive: true });
    expect(await reconcile(dam.services, 'Library/Race')).toMatchObject({ ingested: 1, missing: 0 });
    const a = await folderId('Library/Race/a');
    const b = await folderId('Library/Race/b');
    const box = await folderId('Library/Race/a/box');
    const move = async (destinationId: number) => {
      const moved = await mover.post(`/folders/${box}/move`, { destinationId });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };

    // The walk visits b (the box is in a), then a: just before a is listed the box moves to b, and just after it
    // comes back. The walk saw it nowhere; its row and its file are where they were.
    const tree = Object.create(dam.services.tree) as typeof dam.services.tree;
    tree.list = async (path) => {
      if (path !== 'Library/Race/a') return dam.services.tree.list(path);
      await move(b);
      const listed = await dam.services.tree.list(path);
      await move(a);
      return listed;
    };
    const report = await reconcile({ ...dam.services, tree }, 'Library/Race');

    expect(report.missing).toBe(0);
    const asset = await dam.services.db
      .selectFrom('assets')
      .select(['path', 'status'])
      .where('file_name', '=', 'kept.jpg')
      .executeTakeFirstOrThrow();
    expect(asset).toEqual({ path: 'Library/Race/a/box/kept.jpg', status: 'active' });
  });

  it('still marks missing a file that is really gone', async () => {
    const root = dam.services.config.storageRoot;
    await sampleJpeg(join(root, 'Library/Gone/gone.jpg'));
    await reconcile(dam.services, 'Library/Gone');
    const { rm } = await import('node:fs/promises');
    await rm(join(root, 'Library/Gone/gone.jpg'));
    expect(await reconcile(dam.services, 'Library/Gone')).toMatchObject({ missing: 1 });
  });
});
