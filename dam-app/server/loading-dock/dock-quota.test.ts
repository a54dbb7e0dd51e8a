import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

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

  it('refuses a download past the user’s quota with the spec’s "lacks space" text, and takes it once room is made', async () => {
    const first = await carla.post('/loading-dock', { ids: [ids[0]] });
    expect(first.status).toBe(201);
    const second = await carla.post('/loading-dock', { ids: [ids[1]] });
    expect(second.status).toBe(507);
    expect(second.body.error.code).toBe('loading_dock_quota');
    expect(second.body.error.user_message).toBe(ASSET_MESSAGES.loadingDockNoSpace('0.6 MB', '0.4 MB'));
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

  it('counts concurrent requests against the quota together: of two at once, one is refused', async () => {
    const erin = await aclUser(dam, 'erin', 'Library');
    const answers = await Promise.all([
      erin.post('/loading-dock', { ids: [ids[2]] }),
      erin.post('/loading-dock', { ids: [ids[3]] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 507]);
  });
});
