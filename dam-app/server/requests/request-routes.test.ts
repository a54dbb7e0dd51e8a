import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { REQUEST_MAX_ASSETS, REQUEST_MESSAGES } from '../../api/requests.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('requests to download and clearance requests on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient; // uploads the assets
  let arthur: ApiClient; // in the folder's approver group
  let rita: ApiClient; // may see but not download
  let nick: ApiClient; // may see, approves nothing
  let ada: ApiClient; // administrator
  const ids: number[] = [];
  const hour = () => new Date(Date.now() + 3600_000).toISOString();

  const request = async (assetIds: number[], extra: object = {}) => {
    const made = await rita.post('/requests', { assetIds, reason: 'For the brochure', ...extra });
    expect(made.status).toBe(201);
    return made.body.requests[0];
  };
  const decide = (
    client: ApiClient,
    id: number,
    approve: number[],
    reject: number[],
    dueAt: string | null = hour(),
  ) =>
    client.post(`/requests/${id}/decision`, {
      items: [
        ...approve.map((assetId) => ({ assetId, decision: 'approved' })),
        ...reject.map((assetId) => ({ assetId, decision: 'rejected', reason: 'Embargoed' })),
      ],
      notes: 'Use it for print only',
      dueAt,
    });
  /** Rita's Standard Download of a dock: its status, and the names in the zip when it is served. */
  const zipOf = async (notificationId: string) => {
    const response = await fetch(`${dam.url}/api/v1/loading-dock/${notificationId}/zip`, {
      headers: { cookie: rita.cookie as string },
    });
    if (response.status !== 200) return { status: response.status, names: [] as string[] };
    return {
      status: 200,
      names: Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer()))).sort(),
    };
  };
  /** The dock an approval filled for Rita, once its files are placed. */
  const readyDock = (requestId: number) =>
    eventually(async () => {
      const { dockNotificationId } = (await rita.get(`/requests/${requestId}`)).body;
      const dock = dockNotificationId && (await rita.get(`/loading-dock/${dockNotificationId}`)).body;
      return dock?.state === 'ready' && dock;
    });

  beforeAll(async () => {
    dam = await startTestDam(kind);
    const { db } = dam.services;
    carla = await aclUser(dam, 'carla', 'Library');
    rita = await aclUser(dam, 'rita', 'Library', ['facet browsing']);
    nick = await aclUser(dam, 'nick', 'Library', ['facet browsing']);
    ada = await aclUser(dam, 'ada', 'Library', undefined, { admin: true });
    const group = await db
      .insertInto('groups')
      .values({ name: 'Approvers', description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    arthur = await aclUser(dam, 'arthur', 'Library');
    const arthurRow = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'arthur')
      .executeTakeFirstOrThrow();
    await db.insertInto('group_members').values({ group_id: group.id, user_id: arthurRow.id }).execute();
    for (const name of ['one.jpg', 'two.jpg', 'three.jpg']) {
      const path = `Library/Shoot/${name}`;
      await sampleJpeg(join(dam.services.config.storageRoot, path));
      ids.push((await carla.post('/assets/ingest', { path })).body.asset.id);
    }
    const folder = await db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Library')
      .executeTakeFirstOrThrow();
    expect((await ada.put(`/folders/${folder.id}/approver`, { groupId: group.id })).status).toBe(200);
    expect((await nick.put(`/folders/${folder.id}/approver`, { groupId: group.id })).status).toBe(403);
  });
  afterAll(() => dam.close());

  it('grants exactly the approved assets until the due date, delivered in a loading dock, and tells both sides', async () => {
    // Before any request the requestor may not download.
    expect((await rita.post('/loading-dock', { ids: [ids[0]] })).status).toBe(403);
    const made = await request(ids);
    expect(made).toMatchObject({ status: 'submitted', approverName: 'Approvers', kind: 'download' });
    const waiting = await dam.mail.waitFor((mail) => mail.to.includes('arthur@dam.example'));
    expect(waiting.text).toContain(`#${made.id}`);
    expect((await arthur.get('/request-counts')).body.pendingApprovals).toBeGreaterThanOrEqual(1);
    const pending = (await arthur.get('/approvals')).body.items;
    expect(pending.map((each: { id: number }) => each.id)).toContain(made.id);

    const decided = await decide(arthur, made.id, [ids[0] as number, ids[1] as number], [ids[2] as number]);
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      status: 'download approved',
      granted: true,
      approverName: 'arthur',
    });
    expect(decided.body.items.find((item: { assetId: number }) => item.assetId === ids[2])).toMatchObject({
      decision: 'rejected',
      reason: 'Embargoed',
    });
    const told = await dam.mail.waitFor((mail) => mail.to.includes('rita@dam.example'));
    expect(told.text).toContain('Embargoed');

    const dock = await readyDock(made.id);
    expect(await zipOf(dock.notificationId)).toEqual({ status: 200, names: ['one.jpg', 'two.jpg'] });
    // Exactly those assets: the rejected one is not granted, alone or with the others.
    expect((await rita.post('/loading-dock', { ids: [ids[2]] })).status).toBe(403);
    expect((await rita.post('/loading-dock', { ids })).status).toBe(403);
    expect((await rita.post('/loading-dock', { ids: [ids[0], ids[1]] })).status).toBe(201);
    // Nobody else gains anything from Rita's grant.
    expect((await nick.post('/loading-dock', { ids: [ids[0]] })).status).toBe(403);
    const mine = (await rita.get('/requests')).body.items;
    expect(mine[0]).toMatchObject({
      id: made.id,
      status: 'download approved',
      approverNotes: 'Use it for print only',
    });

    // Expiry: past the due date the grant is gone, the dock refused, a new one too.
    await sql`update download_requests set due_at = now() - interval '1 second' where id = ${made.id}`.execute(
      dam.services.db,
    );
    expect((await zipOf(dock.notificationId)).status).toBe(403);
    expect((await rita.post('/loading-dock', { ids: [ids[0]] })).status).toBe(403);
    expect((await rita.get(`/requests/${made.id}`)).body.granted).toBe(false);
  });

  it('revokes the grant when the approver rejects every asset or moves the request back to pending', async () => {
    const made = await request([ids[0] as number]);
    expect((await decide(arthur, made.id, [ids[0] as number], [])).body.status).toBe('download approved');
    const dock = await readyDock(made.id);
    expect((await zipOf(dock.notificationId)).status).toBe(200);

    const back = await arthur.post(`/requests/${made.id}/reopen`);
    expect(back.body).toMatchObject({ status: 'submitted', granted: false, dueAt: null });
    expect(back.body.items[0].decision).toBe('pending');
    expect((await zipOf(dock.notificationId)).status).toBe(403);
    expect((await rita.post('/loading-dock', { ids: [ids[0]] })).status).toBe(403);

    expect((await decide(arthur, made.id, [ids[0] as number], [])).body.granted).toBe(true);
    expect((await rita.post('/loading-dock', { ids: [ids[0]] })).status).toBe(201);
    const declined = await decide(arthur, made.id, [], [ids[0] as number], null);
    expect(declined.body).toMatchObject({ status: 'download rejected', granted: false });
    expect((await rita.post('/loading-dock', { ids: [ids[0]] })).status).toBe(403);
  });

  it("puts the decision on the approver's My Tasks and in both sides' notifications, and completes it when decided", async () => {
    const made = await request([ids[1] as number]);
    const task = (await arthur.get('/tasks')).body.items.find(
      (each: { kind: string; target: { id: string } | null }) =>
        each.kind === 'request.decide' && each.target?.id === String(made.id),
    );
    expect(task).toMatchObject({ status: 'Scheduled', target: { kind: 'approval' } });
    const waiting = (await arthur.get('/notifications')).body.items.find(
      (each: { target: { kind: string; id: string } | null }) =>
        each.target?.kind === 'approval' && each.target.id === String(made.id),
    );
    expect(waiting).toMatchObject({ type: 'Custom', actor: 'rita' });
    // The requestor is not an approver of their own request, and gets nothing until it is decided.
    expect(
      (await rita.get('/tasks')).body.items.some((each: { kind: string }) => each.kind === 'request.decide'),
    ).toBe(false);

    expect((await decide(arthur, made.id, [ids[1] as number], [])).status).toBe(200);
    const done = (await arthur.get('/tasks')).body.items.find((each: { id: number }) => each.id === task.id);
    expect(done.status).toBe('Completed');
    // Her approved assets' dock tells her too (a Download notification, when it is ready): find the decision's.
    const decided = (await rita.get('/notifications')).body.items.find(
      (each: { target: { kind: string; id: string } | null }) =>
        each.target?.kind === 'request' && each.target.id === String(made.id),
    );
    expect(decided).toMatchObject({ type: 'Custom' });
    expect(decided.subject).toContain('download approved');

    // Back to pending: the approver's task is open again.
    await arthur.post(`/requests/${made.id}/reopen`);
    const reopened = (await arthur.get('/tasks')).body.items.filter(
      (each: { kind: string; status: string; target: { id: string } | null }) =>
        each.kind === 'request.decide' && each.target?.id === String(made.id) && each.status === 'Scheduled',
    );
    expect(reopened).toHaveLength(1);
  });

  it('requires a reason for each rejected asset, a due date not in the past, and a decision on every asset', async () => {
    const made = await request([ids[0] as number, ids[1] as number]);
    const noReason = await arthur.post(`/requests/${made.id}/decision`, {
      items: [
        { assetId: ids[0], decision: 'approved' },
        { assetId: ids[1], decision: 'rejected', reason: '  ' },
      ],
      dueAt: hour(),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.user_message).toBe(REQUEST_MESSAGES.reasonRequired);
    const past = await decide(
      arthur,
      made.id,
      [ids[0] as number, ids[1] as number],
      [],
      new Date(Date.now() - 60_000).toISOString(),
    );
    expect(past.body.error.user_message).toBe(REQUEST_MESSAGES.dueDatePast);
    const noDue = await decide(arthur, made.id, [ids[0] as number, ids[1] as number], [], null);
    expect(noDue.body.error.user_message).toBe(REQUEST_MESSAGES.dueDateRequired);
    const partial = await decide(arthur, made.id, [ids[0] as number], []);
    expect(partial.body.error.user_message).toBe(REQUEST_MESSAGES.everyAssetDecided);
    expect((await rita.get(`/requests/${made.id}`)).body.status).toBe('submitted');
  });

  it(`limits a request to ${REQUEST_MAX_ASSETS} assets`, async () => {
    const tooMany = Array.from({ length: REQUEST_MAX_ASSETS + 1 }, (_, index) => index + 1);
    const refused = await rita.post('/requests', { assetIds: tooMany });
    expect(refused.status).toBe(400);
    expect(refused.body.error.user_message).toBe(REQUEST_MESSAGES.maxAssets);
  });

  it('hides a request from everyone but its requestor and approvers (404), and lets only approvers decide', async () => {
    const made = await request([ids[1] as number]);
    for (const path of [`/requests/${made.id}`]) expect((await nick.get(path)).status).toBe(404);
    const byNick = await decide(nick, made.id, [ids[1] as number], []);
    expect(byNick.status).toBe(404);
    expect(byNick.body.error.user_message).toBe(MESSAGES.notFound);
    expect((await nick.post(`/requests/${made.id}/reopen`)).status).toBe(404);
    expect((await nick.get('/approvals')).body.items).toEqual([]);
    expect((await nick.get('/request-counts')).body).toEqual({
      pendingApprovals: 0,
      myOpenRequests: 0,
      mayApprove: false,
    });
    expect((await arthur.get('/request-counts')).body.mayApprove).toBe(true);
    // The requestor sees it but may not decide it.
    expect((await decide(rita, made.id, [ids[1] as number], [])).status).toBe(403);
    // An asset the requestor cannot see cannot be requested.
    const outside = await aclUser(dam, 'otto', 'Elsewhere', ['facet browsing']);
    expect((await outside.post('/requests', { assetIds: [ids[0]] })).status).toBe(404);
  });

  it('records an approved clearance for two regions on the asset; the To Date must come after the From Date', async () => {
    const clearance = {
      from: '2027-01-01',
      to: '2026-12-31',
      regions: ['Europe', 'Canada'],
      formats: ['Print'],
    };
    const backwards = await rita.post('/requests', { kind: 'clearance', assetIds: [ids[0]], clearance });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.user_message).toBe(REQUEST_MESSAGES.clearanceToDate);
    const noTo = await rita.post('/requests', {
      kind: 'clearance',
      assetIds: [ids[0]],
      clearance: { ...clearance, to: null },
    });
    expect(noTo.body.error.user_message).toBe(REQUEST_MESSAGES.clearanceToDate);
    const outside = await aclUser(dam, 'olga', 'Elsewhere', ['facet browsing']);
    const failed = await outside.post('/requests', {
      kind: 'clearance',
      assetIds: [ids[0]],
      clearance: { ...clearance, to: '2027-06-30' },
    });
    expect(failed.body.error.user_message).toBe(REQUEST_MESSAGES.clearanceFailed);
    // The approvers' mail is sent at once: when it cannot be, the requestor is told and nothing is kept.
    const before = (await rita.get('/requests')).body.items.length;
    dam.mail.refused.add('arthur@dam.example');
    const unsent = await rita
      .post('/requests', {
        kind: 'clearance',
        assetIds: [ids[0]],
        clearance: { ...clearance, to: '2027-06-30' },
      })
      .finally(() => dam.mail.refused.delete('arthur@dam.example'));
    expect(unsent.status).toBe(502);
    expect(unsent.body.error.user_message).toBe(REQUEST_MESSAGES.clearanceEmailFailed);
    expect((await rita.get('/requests')).body.items).toHaveLength(before);

    const made = await request([ids[0] as number], {
      kind: 'clearance',
      clearance: { ...clearance, to: '2027-06-30' },
    });
    expect(made.clearance).toEqual({ ...clearance, to: '2027-06-30' });
    expect((await rita.get(`/assets/${ids[0]}/clearances`)).body.items).toEqual([]);
    const approved = await decide(arthur, made.id, [ids[0] as number], [], null);
    expect(approved.body).toMatchObject({ status: 'download approved', granted: false });
    const recorded = (await rita.get(`/assets/${ids[0]}/clearances`)).body.items;
    expect(recorded).toEqual([
      expect.objectContaining({
        requestId: made.id,
        from: '2027-01-01',
        to: '2027-06-30',
        regions: ['Europe', 'Canada'],
      }),
    ]);
    // A clearance grants no download.
    expect((await rita.post('/loading-dock', { ids: [ids[0]] })).status).toBe(403);
    expect((await outside.get(`/assets/${ids[0]}/clearances`)).status).toBe(404);
  });

  it("shows a folder's own approver and the one it inherits, and sends a subfolder's requests to its own", async () => {
    const { db } = dam.services;
    const folderId = async (path: string) =>
      (await db.selectFrom('folders').select('id').where('path', '=', path).executeTakeFirstOrThrow()).id;
    const library = await folderId('Library');
    const shoot = await folderId('Library/Shoot');
    const nickId = (
      await db.selectFrom('users').select('id').where('username', '=', 'nick').executeTakeFirstOrThrow()
    ).id;
    expect((await nick.get(`/folders/${shoot}/approver`)).status).toBe(403);
    expect((await ada.get(`/folders/${library}/approver`)).body).toEqual({
      path: 'Library',
      own: { userId: null, groupId: expect.any(Number), name: 'Approvers' },
      inherited: null,
    });
    expect((await ada.get(`/folders/${shoot}/approver`)).body).toEqual({
      path: 'Library/Shoot',
      own: null,
      inherited: {
        userId: null,
        groupId: expect.any(Number),
        name: 'Approvers',
        folderId: library,
        folderPath: 'Library',
      },
    });
    const unknownUser = await ada.put(`/folders/${shoot}/approver`, { userId: 999_999 });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body.error.user_message).toBe(MESSAGES.userNotFound);
    const unknownGroup = await ada.put(`/folders/${shoot}/approver`, { groupId: 999_999 });
    expect(unknownGroup.body.error.user_message).toBe(MESSAGES.groupNotFound);
    expect((await ada.put(`/folders/${shoot}/approver`, { userId: nickId })).status).toBe(200);
    try {
      expect((await ada.get(`/folders/${shoot}/approver`)).body).toMatchObject({
        own: { userId: nickId, groupId: null, name: 'nick' },
        inherited: { name: 'Approvers', folderPath: 'Library' },
      });
      expect(await request([ids[2] as number])).toMatchObject({ approverName: 'nick', status: 'submitted' });
      expect((await nick.get('/request-counts')).body).toMatchObject({
        pendingApprovals: 1,
        mayApprove: true,
      });
    } finally {
      expect((await ada.put(`/folders/${shoot}/approver`, {})).status).toBe(200);
    }
    expect((await ada.get(`/folders/${shoot}/approver`)).body.own).toBeNull();
    expect((await ada.get(`/folders/999999/approver`)).status).toBe(404);
  });
});
