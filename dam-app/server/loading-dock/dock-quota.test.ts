import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { canMount, mountTmpfs, unmount } from '../test-support/mounts.ts';
import { eventually } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { human } from './dock-quota.ts';

const KB = 1024;

describe.each(DATABASE_KINDS)('the per-user loading-dock quota on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let dora: ApiClient;
  const ids: number[] = [];

  beforeAll(async () => {
    // 1 MiB each; every file is 600 KiB, so one fits and two do not.
    dam = await startTestDam(kind, { DAM_LOADING_DOCK_QUOTA_MB: '1' });
    carla = await aclUser(dam, 'carla', 'Library');
    dora = await aclUser(dam, 'dora', 'Library');
    await mkdir(join(dam.services.config.storageRoot, 'Library/Big'), { recursive: true });
    for (const name of ['a', 'b', 'c', 'd']) {
      const path = `Library/Big/${name}.bin`;
      await writeFile(join(dam.services.config.storageRoot, path), randomBytes(600 * KB));
      ids.push((await carla.post('/assets/ingest', { path })).body.asset.id);
    }
  });
  afterAll(() => dam?.close());

  it('counts a dock against the user’s download maximum ("download maximum reached"), and takes it once room is made', async () => {
    const first = await carla.post('/loading-dock', { ids: [ids[0]] });
    expect(first.status).toBe(201);
    const second = await carla.post('/loading-dock', { ids: [ids[1]] });
    expect(second.status).toBe(507);
    expect(second.body.error.code).toBe('loading_dock_quota');
    expect(second.body.error.user_message).toBe(ASSET_MESSAGES.downloadMaximumReached);
    expect(second.body.error.details).toMatchObject({
      requestedBytes: 600 * KB,
      freeBytes: 1024 * KB - 600 * KB,
      quotaBytes: 1024 * KB,
    });
    // Someone else's dock is theirs: dora has her whole quota.
    expect((await dora.post('/loading-dock', { ids: [ids[1]] })).status).toBe(201);
    expect((await carla.post(`/loading-dock/${first.body.notificationId}/done`)).status).toBe(200);
    expect((await carla.post('/loading-dock', { ids: [ids[1]] })).status).toBe(201);
  });

  it.runIf(canMount())(
    'refuses a dock its disk cannot hold with the "lacks space" text, saying the request size and the free space',
    async () => {
      const dockRoot = join(dam.services.config.storageRoot, 'LoadingDock');
      await mkdir(dockRoot, { recursive: true });
      // The docks of the test before are placed first (their jobs would write into the mount).
      await eventually(async () => {
        const pending = await dam.services.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'loading-dock.place')
          .where('done_at', 'is', null)
          .execute();
        return pending.length === 0;
      });
      // The dock on a file system of its own, of 256 KiB: the 600 KiB original cannot be linked, nor copied.
      mountTmpfs(dockRoot, 'size=256k');
      try {
        const fay = await aclUser(dam, 'fay', 'Library');
        const refused = await fay.post('/loading-dock', { ids: [ids[0]] });
        expect(refused.status).toBe(507);
        expect(refused.body.error.code).toBe('loading_dock_no_space');
        const { requestedBytes, freeBytes } = refused.body.error.details;
        expect(requestedBytes).toBe(600 * KB);
        expect(freeBytes).toBeLessThanOrEqual(256 * KB);
        expect(refused.body.error.user_message).toBe(
          ASSET_MESSAGES.loadingDockNoSpace(human(requestedBytes), human(freeBytes)),
        );
        expect(refused.body.error.user_message).toContain('A partial conversion is possible.');
        expect(await readdir(dockRoot)).toEqual([]);
      } finally {
        unmount(dockRoot);
      }
    },
  );

  it('counts concurrent requests against the quota together: of two at once, one is refused', async () => {
    const erin = await aclUser(dam, 'erin', 'Library');
    const answers = await Promise.all([
      erin.post('/loading-dock', { ids: [ids[2]] }),
      erin.post('/loading-dock', { ids: [ids[3]] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 507]);
  });
});
