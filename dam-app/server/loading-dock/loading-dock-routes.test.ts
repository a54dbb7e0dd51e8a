import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { LOADING_DOCK_MAX_ASSETS } from '../../api/loading-dock.ts';
import { TRANSFER_MESSAGES } from '../../api/transfer-messages.ts';
import { reconcile } from '../assets/reconcile.ts';
import type { Logger } from '../log.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('the loading dock on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  const ids: number[] = [];
  const warnings: { event: string; fields: Record<string, unknown> }[] = [];
  const log: Logger = {
    info() {},
    error() {},
    warn(event: string, fields: Record<string, unknown> = {}) {
      warnings.push({ event, fields });
    },
  } as Logger;
  const root = () => dam.services.config.storageRoot;
  const ready = (client: ApiClient, notificationId: string) =>
    eventually(async () => {
      const dock = (await client.get(`/loading-dock/${notificationId}`)).body;
      return ['ready', 'failed'].includes(dock.state) && dock;
    });

  beforeAll(async () => {
    dam = await startTestDam(kind, {}, { log });
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing', ['file actions']);
    for (const path of ['Library/A/pic.jpg', 'Library/B/pic.jpg']) {
      await sampleJpeg(join(root(), path));
      ids.push((await carla.post('/assets/ingest', { path })).body.asset.id);
    }
  });
  afterAll(() => dam.close());

  it('writes the dock first, places its files by hard links under the docroot in a job, and cleans it when done', async () => {
    const cart = (await carla.post('/carts', { name: 'To go' })).body;
    await carla.post(`/carts/${cart.id}/assets`, { ids });
    const prepared = await carla.post('/loading-dock', { cartId: cart.id });
    expect(prepared.status).toBe(201);
    const { notificationId, loadingDockId } = prepared.body;
    // The request states its size and the free space; linked files need none of it.
    expect(prepared.body).toMatchObject({ neededBytes: 0, totalSize: expect.any(Number) });
    expect(prepared.body.freeBytes).toBeGreaterThan(0);
    expect(['preparing', 'ready']).toContain(prepared.body.state);
    const dock = await ready(carla, notificationId);
    expect(dock.state).toBe('ready');
    expect(dock.files).toEqual([
      `LoadingDock/${notificationId}/pic.jpg`,
      `LoadingDock/${notificationId}/pic (2).jpg`,
    ]);
    expect(dock.items.map((item: { state: string }) => item.state)).toEqual(['placed', 'placed']);
    for (const [index, file] of dock.files.entries()) {
      const original = await stat(join(root(), index === 0 ? 'Library/A/pic.jpg' : 'Library/B/pic.jpg'));
      expect((await stat(join(root(), file))).ino).toBe(original.ino);
    }
    expect((await mo.get(`/loading-dock/${notificationId}`)).status).toBe(404);
    expect((await carla.get('/loading-dock')).body[0]).toMatchObject({ notificationId, state: 'ready' });

    // R-DOCK-DOWNLOAD: the workflow's JSON list of files, each with a destination.
    const listed = await carla.get(
      `/loading-dock-download?notificationId=${notificationId}&LoadingDockId=${loadingDockId}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      loadingDockId,
      notificationId,
      bulk: false,
      files: [
        { source: dock.files[0], destination: 'pic.jpg', size: dock.items[0].size },
        { source: dock.files[1], destination: 'pic (2).jpg', size: dock.items[1].size },
      ],
    });
    expect([403, 404]).toContain(
      (await mo.get(`/loading-dock-download?notificationId=${notificationId}`)).status,
    );

    expect((await carla.post(`/loading-dock/${notificationId}/done`)).status).toBe(200);
    expect(existsSync(join(root(), 'LoadingDock', notificationId))).toBe(false);
    for (const original of ['Library/A/pic.jpg', 'Library/B/pic.jpg'])
      expect(existsSync(join(root(), original))).toBe(true);
    expect((await carla.get(`/loading-dock/${notificationId}`)).status).toBe(404);
    const mine = (await carla.get('/loading-dock')).body;
    expect(
      mine.find((each: { notificationId: string }) => each.notificationId === notificationId),
    ).toMatchObject({ state: 'done' });
    expect((await mo.get('/loading-dock')).body).toEqual([]);
  });

  it('reads a missing, non-numeric or negative LoadingDockId as a cart download, and logs a missing notification id', async () => {
    const prepared = (await carla.post('/loading-dock', { ids: [ids[0]] })).body;
    const { notificationId, loadingDockId } = prepared;
    await ready(carla, notificationId);
    for (const id of ['', 'abc', '-1', '-7', '1e3x'])
      expect(
        (await carla.get(`/loading-dock-download?notificationId=${notificationId}&LoadingDockId=${id}`)).body,
      ).toMatchObject({ loadingDockId, bulk: true });
    expect((await carla.get(`/loading-dock-download?notificationId=${notificationId}`)).body.bulk).toBe(true);
    // A dock id that names another dock than the notification id: no such download.
    expect(
      (await carla.get(`/loading-dock-download?notificationId=${notificationId}&LoadingDockId=999999`))
        .status,
    ).toBe(404);
    for (const id of ['2147483648', '100000000000000000000', '1.5'])
      expect(
        (await carla.get(`/loading-dock-download?notificationId=${notificationId}&LoadingDockId=${id}`))
          .status,
      ).toBe(404);
    // R-OLD-DOCK-SCRIPT: no notification id, the dock id alone; logged and served.
    warnings.length = 0;
    const old = await carla.get(`/loading-dock-download?LoadingDockId=${loadingDockId}`);
    expect(old.status).toBe(200);
    expect(old.body.files).toHaveLength(1);
    expect(warnings).toContainEqual({
      event: 'loading_dock.old_script',
      fields: expect.objectContaining({ message: TRANSFER_MESSAGES.noNotificationId }),
    });
    expect((await carla.get('/loading-dock-download')).status).toBe(404);
    await carla.post(`/loading-dock/${notificationId}/done`);
  });

  it('does not hand out a dock still being prepared', async () => {
    const prepared = (await carla.post('/loading-dock', { ids: [ids[0]] })).body;
    await ready(carla, prepared.notificationId);
    await dam.services.db
      .updateTable('loading_docks')
      .set({ state: 'converting' })
      .where('id', '=', prepared.loadingDockId)
      .execute();
    const early = await carla.get(`/loading-dock-download?notificationId=${prepared.notificationId}`);
    expect(early.status).toBe(409);
    expect(early.body.error.user_message).toBe(ASSET_MESSAGES.loadingDockNotReady);
    expect((await carla.get(`/loading-dock/${prepared.notificationId}/zip`)).status).toBe(409);
    await carla.post(`/loading-dock/${prepared.notificationId}/done`);
  });

  it('serves a ready dock as a zip (Standard Download) and cleans it 10 s after the last byte', async () => {
    const prepared = (await carla.post('/loading-dock', { ids })).body;
    const dock = await ready(carla, prepared.notificationId);
    const response = await fetch(`${dam.url}/api/v1/loading-dock/${prepared.notificationId}/zip`, {
      headers: { cookie: carla.cookie as string },
    });
    expect(response.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(['pic (2).jpg', 'pic.jpg']);
    expect(Buffer.from(zip['pic.jpg'] as Uint8Array)).toEqual(await readFile(join(root(), dock.files[0])));
    const job = await eventually(() =>
      dam.services.db
        .selectFrom('jobs')
        .select(['id', 'run_at'])
        .where('kind', '=', 'loading-dock.cleanup')
        .where('done_at', 'is', null)
        .where(sql<boolean>`payload->>'dockId' = ${String(prepared.loadingDockId)}`)
        .where('run_at', '<', new Date(Date.now() + 60_000))
        .executeTakeFirst(),
    );
    const delay = job.run_at.getTime() - Date.now();
    expect(delay).toBeGreaterThan(5_000);
    expect(delay).toBeLessThanOrEqual(10_000);
    await eventually(async () => !existsSync(join(root(), 'LoadingDock', prepared.notificationId)), 20_000);
    expect((await carla.get(`/loading-dock/${prepared.notificationId}`)).status).toBe(404);
  }, 30_000);

  it('copies when links are off, and says so in the space the request needs', async () => {
    const config = dam.services.config as { loadingDockLinks: boolean };
    config.loadingDockLinks = false;
    try {
      const prepared = (await carla.post('/loading-dock', { ids: [ids[1]] })).body;
      expect(prepared.neededBytes).toBe(prepared.totalSize);
      const dock = await ready(carla, prepared.notificationId);
      const copy = await stat(join(root(), dock.files[0]));
      expect(copy.ino).not.toBe((await stat(join(root(), 'Library/B/pic.jpg'))).ino);
      expect(await readFile(join(root(), dock.files[0]))).toEqual(
        await readFile(join(root(), 'Library/B/pic.jpg')),
      );
      await carla.post(`/loading-dock/${prepared.notificationId}/done`);
    } finally {
      config.loadingDockLinks = true;
    }
  });

  it('cleans up a dock nobody finished a day later, every file of its folder, and never indexes the dock', async () => {
    const prepared = (await carla.post('/loading-dock', { ids: [ids[1]] })).body;
    const dock = await ready(carla, prepared.notificationId);
    // What a placement cut short might leave: a half-copied file.
    await writeFile(join(root(), 'LoadingDock', prepared.notificationId, 'big.mov.placing.tmp'), 'half');
    const report = await reconcile(dam.services);
    expect(report.ingested).toBe(0);
    const indexed = await dam.services.db
      .selectFrom('assets')
      .select('path')
      .where('path', 'like', 'LoadingDock%')
      .execute();
    expect(indexed).toEqual([]);
    expect((await carla.post('/assets/ingest', { path: dock.files[0] })).status).not.toBe(201);
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
    await eventually(async () => !existsSync(join(root(), 'LoadingDock', prepared.notificationId)));
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
    // Ids and a cart count together.
    const cart = (await carla.post('/carts', { name: 'Full' })).body;
    await carla.post(`/carts/${cart.id}/assets`, { ids });
    const half = Array.from({ length: LOADING_DOCK_MAX_ASSETS - 1 }, (_, index) => index + 100);
    const together = await carla.post('/loading-dock', { ids: half, cartId: cart.id });
    expect(together.status).toBe(400);
    expect(together.body.error.user_message).toBe(ASSET_MESSAGES.downloadMaximumReached);
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
