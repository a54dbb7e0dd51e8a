import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually } from '../test-support/sample-media.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';

// R-DOCK-DOWNLOAD through the embedded node: the workflow's files, each with its destination, are one transfer the
// pre-transfer handler signs for their owner only; what arrives is byte for byte the originals.
describe('a dock taken home through the transfer node', () => {
  let dam: TestDam;
  let carla: ApiClient;
  let dora: ApiClient;
  let local: string;
  const engine = new TransferEngine({ retryBaseMs: 50 });
  const bytes: Record<string, Buffer> = {};
  const ids: number[] = [];

  beforeAll(async () => {
    dam = await startTestDam('pglite', {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    carla = await aclUser(dam, 'carla', 'Library');
    dora = await aclUser(dam, 'dora', 'Library');
    for (const path of ['Library/A/clip.bin', 'Library/B/clip.bin', 'Library/B/notes.txt']) {
      bytes[path] = randomBytes(400_000);
      await mkdir(join(dam.services.config.storageRoot, path, '..'), { recursive: true });
      await writeFile(join(dam.services.config.storageRoot, path), bytes[path] as Buffer);
      ids.push((await carla.post('/assets/ingest', { path })).body.asset.id);
    }
    local = await mkdtemp(join(tmpdir(), 'rapid-dam-dock-home-'));
  });
  afterAll(async () => {
    engine.stopAll();
    await dam.close();
    await rm(local, { recursive: true, force: true });
  });

  it('transfers exactly the dock’s files to their destinations, and only for the dock’s owner', async () => {
    const prepared = (await carla.post('/loading-dock', { ids })).body;
    await eventually(
      async () => (await carla.get(`/loading-dock/${prepared.notificationId}`)).body.state === 'ready',
    );
    const listed = (
      await carla.get(
        `/loading-dock-download?notificationId=${prepared.notificationId}&LoadingDockId=${prepared.loadingDockId}`,
      )
    ).body;
    expect(listed.files.map((file: { destination: string }) => file.destination)).toEqual([
      'clip.bin',
      'clip (2).bin',
      'notes.txt',
    ]);
    const paths = listed.files.map((file: { source: string; destination: string }) => ({
      source: file.source,
      destination: file.destination,
    }));
    // Someone else's dock is no file of theirs.
    const stolen = await dora.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths },
    });
    expect(stolen.status).toBe(404);
    const setup = await carla.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const spec = setup.body.transfer_specs[0].transfer_spec;
    expect(spec.paths).toEqual(
      paths.map((path: { source: string }) => ({ ...path, source: `/${path.source}` })),
    );
    const done = await engine.start({ ...spec, destination_root: local }).done();
    expect(done.status).toBe('completed');
    expect((await readFile(join(local, 'clip.bin'))).equals(bytes['Library/A/clip.bin'] as Buffer)).toBe(
      true,
    );
    expect((await readFile(join(local, 'clip (2).bin'))).equals(bytes['Library/B/clip.bin'] as Buffer)).toBe(
      true,
    );
    expect((await readFile(join(local, 'notes.txt'))).equals(bytes['Library/B/notes.txt'] as Buffer)).toBe(
      true,
    );
    // Once cleaned, the dock's paths are gone for the node too.
    await carla.post(`/loading-dock/${prepared.notificationId}/done`);
    const after = await carla.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths },
    });
    expect(after.status).toBe(404);
  }, 60_000);

  it('takes home by Rapid the dock an approved request to download filled, until its due date', async () => {
    // Rita may see but not download; Carla (an administrator here) approves what the Library folder holds.
    const rita = await aclUser(dam, 'rita', 'Library', ['facet browsing']);
    const { db } = dam.services;
    const carlaRow = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'carla')
      .executeTakeFirstOrThrow();
    const library = await db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Library')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('request_approvers')
      .values({ folder_id: library.id, user_id: carlaRow.id, group_id: null })
      .execute();
    const request = (await rita.post('/requests', { assetIds: [ids[0]] })).body.requests[0];
    const paths = [{ source: `LoadingDock/none/clip.bin`, destination: 'clip.bin' }];
    expect(
      (
        await rita.post('/transfers/pre-transfer', {
          nodetarget: '/files/download_setup',
          transfer_spec: { paths },
        })
      ).status,
    ).toBe(404);
    const dueAt = new Date(Date.now() + 3600_000).toISOString();
    const decided = await carla.post(`/requests/${request.id}/decision`, {
      items: [{ assetId: ids[0], decision: 'approved' }],
      dueAt,
    });
    expect(decided.body.granted).toBe(true);
    const notificationId = decided.body.dockNotificationId as string;
    await eventually(async () => (await rita.get(`/loading-dock/${notificationId}`)).body.state === 'ready');
    const dock = (await rita.get(`/loading-dock/${notificationId}`)).body;
    const granted = [{ source: dock.files[0], destination: 'granted.bin' }];
    const setup = await rita.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths: granted },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const done = await engine
      .start({ ...setup.body.transfer_specs[0].transfer_spec, destination_root: local })
      .done();
    expect(done.status).toBe('completed');
    expect((await readFile(join(local, 'granted.bin'))).equals(bytes['Library/A/clip.bin'] as Buffer)).toBe(
      true,
    );
    // Files outside the dock need the permission, as before.
    const outside = await rita.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths: [{ source: 'Library/A/clip.bin' }] },
    });
    expect(outside.status).toBe(403);
    // Past the due date the dock's files are refused.
    await db
      .updateTable('download_requests')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('id', '=', request.id)
      .execute();
    const expired = await rita.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths: granted },
    });
    expect(expired.status).toBe(403);
  }, 60_000);
});
