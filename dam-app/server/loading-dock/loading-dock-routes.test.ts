import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { LOADING_DOCK_MAX_ASSETS } from '../../api/loading-dock.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('the loading dock on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  const ids: number[] = [];

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing', ['file actions']);
    for (const path of ['Library/A/pic.jpg', 'Library/B/pic.jpg']) {
      await sampleJpeg(join(dam.services.config.storageRoot, path));
      ids.push((await carla.post('/assets/ingest', { path })).body.asset.id);
    }
  });
  afterAll(() => dam.close());

  it('prepares a cart download outside the storage root, lists it by notification id, cleans it up when done', async () => {
    const cart = (await carla.post('/carts', { name: 'To go' })).body;
    await carla.post(`/carts/${cart.id}/assets`, { ids });
    const prepared = await carla.post('/loading-dock', { cartId: cart.id });
    expect(prepared.status).toBe(201);
    const { notificationId, files } = prepared.body;
    expect(files).toEqual([`${notificationId}/pic.jpg`, `${notificationId}/pic (2).jpg`]);
    const dockRoot = join(dam.home, 'areas/loading-dock');
    for (const file of files) expect(existsSync(join(dockRoot, file))).toBe(true);
    expect((await carla.get(`/loading-dock/${notificationId}`)).body.files).toEqual(files);
    expect((await mo.get(`/loading-dock/${notificationId}`)).status).toBe(404);
    expect((await carla.get('/loading-dock')).body[0]).toMatchObject({ notificationId, state: 'ready' });
    expect((await carla.post(`/loading-dock/${notificationId}/done`)).status).toBe(200);
    for (const file of files) expect(existsSync(join(dockRoot, file))).toBe(false);
    expect((await carla.get(`/loading-dock/${notificationId}`)).status).toBe(404);
    const mine = (await carla.get('/loading-dock')).body;
    expect(
      mine.find((dock: { notificationId: string }) => dock.notificationId === notificationId),
    ).toMatchObject({
      state: 'done',
      files,
    });
    expect((await mo.get('/loading-dock')).body).toEqual([]);
  });

  it('cleans up a dock nobody finished, a day later, as a job', async () => {
    const prepared = (await carla.post('/loading-dock', { ids: [ids[1]] })).body;
    const dockRoot = join(dam.home, 'areas/loading-dock');
    expect(existsSync(join(dockRoot, prepared.files[0]))).toBe(true);
    const { db } = dam.services;
    const job = await db
      .selectFrom('jobs')
      .select(['id', 'run_at'])
      .where('kind', '=', 'loading-dock.cleanup')
      .where(sql<boolean>`payload->>'dockId' = ${String(prepared.loadingDockId)}`)
      .executeTakeFirstOrThrow();
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // A day passes.
    await db.updateTable('jobs').set({ run_at: new Date() }).where('id', '=', job.id).execute();
    dam.services.jobs.kick();
    await eventually(async () => !existsSync(join(dockRoot, prepared.files[0])));
    expect((await carla.get(`/loading-dock/${prepared.notificationId}`)).status).toBe(404);
  });

  it('needs a download permission and something visible to download', async () => {
    expect((await mo.post('/loading-dock', { ids })).status).toBe(403);
    const nothing = await carla.post('/loading-dock', { ids: [999_999] });
    expect(nothing.body.error.user_message).toBe(ASSET_MESSAGES.searchEmpty);
  });

  it('refuses a download of more assets than a request may hold with the spec message', async () => {
    const many = Array.from({ length: LOADING_DOCK_MAX_ASSETS + 1 }, (_, index) => index + 1);
    const refused = await carla.post('/loading-dock', { ids: many });
    expect(refused.status).toBe(400);
    expect(refused.body.error.user_message).toBe(ASSET_MESSAGES.downloadMaximumReached);
  });

  it('refuses a download larger than the dock with the spec message', async () => {
    await dam.services.db
      .updateTable('assets')
      .set({ size: 30 * 1024 ** 3 })
      .where('id', '=', ids[0] as number)
      .execute();
    const big = await carla.post('/loading-dock', { ids: [ids[0]] });
    expect(big.status).toBe(413);
    expect(big.body.error.user_message).toBe(ASSET_MESSAGES.loadingDockTooLarge);
  });
});
