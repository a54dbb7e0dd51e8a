import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../assets/reconcile.ts';
import { folderMoveIntent } from '../folders/folder-intents.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { recoverOperations } from './intent-kinds.ts';
import { IntentOwner } from './intent-owner.ts';

// Issue 23, finding 3, in one process: the state a server killed in the middle of a folder move leaves behind (the
// directory moved, the rows not, the intent pending) is finished by recovery with every asset's id; a reconcile
// meanwhile never turns the moved files into new assets or the old rows into missing ones; and an intent whose
// owner is alive (another server on the same PostgreSQL) is left to it.
describe.each(DATABASE_KINDS)('recovering operation intents on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;

  const root = () => dam.services.config.storageRoot;
  const assetsBelow = (path: string) =>
    dam.services.db
      .selectFrom('assets')
      .select(['id', 'path', 'status', 'description'])
      .where('path', 'like', `${path}/%`)
      .orderBy('id')
      .execute();

  async function halfMovedFolder(name: string, owner: number) {
    const from = `Library/${name}`;
    const to = `Library/Moved/${name}`;
    await mkdir(join(root(), from), { recursive: true });
    for (let index = 0; index < 20; index++)
      await writeFile(join(root(), from, `f${index}.txt`), `${name} ${index}`);
    await reconcile(dam.services, from);
    await dam.services.db
      .updateTable('assets')
      .set({ description: 'kept' })
      .where('path', 'like', `${from}/%`)
      .execute();
    const before = await assetsBelow(from);
    expect(before).toHaveLength(20);
    // What a kill between the rename and the row transaction leaves.
    await dam.services.db
      .insertInto('operation_intents')
      .values({
        kind: folderMoveIntent.name,
        payload: JSON.stringify({ from, to }),
        paths: [from, to],
        owner,
      })
      .execute();
    await mkdir(join(root(), 'Library/Moved'), { recursive: true });
    await rename(join(root(), from), join(root(), to));
    return { from, to, before };
  }

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
  });
  afterAll(() => dam.close());

  it('leaves a tree under a pending intent alone in a reconcile, then finishes the move with the same ids', async () => {
    const { from, to, before } = await halfMovedFolder('Live', dam.services.intentOwner.id);
    // Its owner (this server) is alive: the reconcile neither re-creates nor loses the assets.
    await reconcile(dam.services, 'Library');
    expect(await assetsBelow(to)).toEqual([]);
    expect((await assetsBelow(from)).map((asset) => asset.status)).toEqual(before.map(() => 'active'));

    // The owner dies (a row claimed by a process that is gone): the next recovery finishes the move.
    await dam.services.db.updateTable('operation_intents').set({ owner: 1 }).execute();
    const report = await recoverOperations(dam.services);
    expect(report).toEqual({ finished: 1, undone: 0, failed: 0 });
    const after = await assetsBelow(to);
    expect(after.map((asset) => asset.id)).toEqual(before.map((asset) => asset.id));
    expect(after.every((asset) => asset.status === 'active' && asset.description === 'kept')).toBe(true);
    await reconcile(dam.services, 'Library');
    expect(await assetsBelow(to)).toEqual(after);
    expect(await dam.services.db.selectFrom('operation_intents').selectAll().execute()).toEqual([]);
    expect((await carla.get(`/assets/${after[0]?.id}/original`)).status).toBe(200);
  });

  it('undoes an operation whose files never moved', async () => {
    await mkdir(join(root(), 'Library/Still'), { recursive: true });
    await writeFile(join(root(), 'Library/Still/a.txt'), 'still');
    await reconcile(dam.services, 'Library/Still');
    await dam.services.db
      .insertInto('operation_intents')
      .values({
        kind: folderMoveIntent.name,
        payload: JSON.stringify({ from: 'Library/Still', to: 'Library/Moved/Still' }),
        paths: ['Library/Still', 'Library/Moved/Still'],
        owner: 1,
      })
      .execute();
    expect(await recoverOperations(dam.services)).toEqual({ finished: 0, undone: 1, failed: 0 });
    expect((await assetsBelow('Library/Still')).map((asset) => asset.status)).toEqual(['active']);
  });

  it.runIf(kind === 'postgres')('leaves an intent whose owner, another server, is alive', async () => {
    const other = await IntentOwner.start(dam.databaseUrl);
    try {
      const { to } = await halfMovedFolder('Other', other.id);
      expect(await recoverOperations(dam.services)).toEqual({ finished: 0, undone: 0, failed: 0 });
      expect(await assetsBelow(to)).toEqual([]);
      await other.close();
      // Its connection gone, its lock is gone with it: now the intent is recovered.
      expect(await recoverOperations(dam.services)).toEqual({ finished: 1, undone: 0, failed: 0 });
      expect(await assetsBelow(to)).toHaveLength(20);
    } finally {
      await other.close();
    }
  });
});
