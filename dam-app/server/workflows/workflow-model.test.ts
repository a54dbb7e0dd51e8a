import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import type { Workflow, WorkflowRun } from '../../api/workflows.ts';
import { ingestFile } from '../assets/ingest.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';
import { insertRun } from './workflow-queries.ts';
import { runWorkflowJob } from './workflow-run-job.ts';
import { fireDueWorkflows } from './workflow-trigger-service.ts';

const CITY = 'http://ns.example.org/photo/1.0/city';
const SECRET = 'a-secret-of-sixteen-or-more';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver for `callUrl` steps; answers each request with the next status of `answers` (then 200). */
async function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, answers, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(DATABASE_KINDS)('the workflow model, triggers, steps and debugger on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let hook: Awaited<ReturnType<typeof receiver>>;

  async function ingest(path: string) {
    const absolute = join(dam.services.config.storageRoot, path);
    await mkdir(join(absolute, '..'), { recursive: true });
    await writeFile(absolute, randomBytes(2000));
    return (await ingestFile(dam.services, path, { actorId: null, event: 'Upload' })).id;
  }
  async function create(body: Record<string, unknown>): Promise<Workflow> {
    const created = await admin.post('/admin/workflows', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }
  const runsOf = async (id: number): Promise<WorkflowRun[]> =>
    (await admin.get(`/admin/workflows/${id}/runs`)).body;
  const settled = (id: number, count = 1) =>
    eventually(async () => {
      const runs = await runsOf(id);
      return runs.length >= count && runs.every((each) => each.status !== 'scheduled') && runs;
    });
  const assetRow = (id: number) =>
    dam.services.db
      .selectFrom('assets')
      .select(['path', 'keywords', 'metadata'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** A manual run of the workflow on the asset, scheduled as a trigger writes it, for `runWorkflowJob` to run. */
  const scheduledRun = async (workflowId: number, assetId: number) =>
    (await insertRun(dam.services.db, { workflowId, assetId, trigger: 'manual', parameters: {} })) as number;
  const aclId = async (name: string) =>
    (await dam.services.db.selectFrom('acls').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await aclUser(dam, 'head', '', undefined, { admin: true });
    hook = await receiver();
    for (const folder of ['Done', 'Archive', 'Inbox', 'Team'])
      await mkdir(join(dam.services.config.storageRoot, folder), { recursive: true });
    await insertAssetRow(dam.services.db, 'Done/seed.bin');
    await insertAssetRow(dam.services.db, 'Archive/seed.bin');
    await insertAssetRow(dam.services.db, 'Inbox/seed.bin');
  });
  afterAll(async () => {
    await hook.close();
    await dam.close();
  });

  it('files workflows in a folder tree, and keeps a workflow a permission names (R-WORKFLOW-MODEL)', async () => {
    const ops = (await admin.post('/admin/workflow-folders', { name: 'Ops' })).body;
    const nightly = await admin.post('/admin/workflow-folders', { name: 'Nightly', parentId: ops.id });
    expect(nightly.status).toBe(201);
    expect((await admin.post('/admin/workflow-folders', { name: 'nightly', parentId: ops.id })).status).toBe(
      409,
    );
    // The same name under another parent is another folder.
    expect((await admin.post('/admin/workflow-folders', { name: 'Nightly' })).status).toBe(201);
    const cycle = await admin.put(`/admin/workflow-folders/${ops.id}`, {
      name: 'Ops',
      parentId: nightly.body.id,
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.user_message).toBe(WORKFLOW_MESSAGES.workflowFolderCycle);
    const acl = await aclId('head on everything');
    const workflow = await create({
      name: 'Filed',
      type: 'javascript',
      trigger: 'manual',
      workflowFolderId: nightly.body.id,
      aclIds: [acl],
      parameters: [{ name: 'region', type: 'text', value: 'eu' }],
      properties: { owner: 'ops' },
      script: 'log.fine(params.region);',
    });
    expect(workflow).toMatchObject({ workflowFolderId: nightly.body.id, aclIds: [acl], state: 'enabled' });
    expect((await admin.get('/admin/workflow-folders')).body).toContainEqual({
      id: nightly.body.id,
      name: 'Nightly',
      parentId: ops.id,
    });
    const notEmpty = await admin.delete(`/admin/workflow-folders/${nightly.body.id}`);
    expect(notEmpty.status).toBe(409);
    const inUse = await admin.delete(`/admin/workflows/${workflow.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.user_message).toBe(WORKFLOW_MESSAGES.workflowUsedForPermission);
    const bad = await admin.post('/admin/workflows', {
      name: 'Bad',
      trigger: 'manual',
      parameters: [{ name: 'n', type: 'number', value: 'many' }],
    });
    expect(bad.status).toBe(400);
    const unscheduled = await admin.post('/admin/workflows', { name: 'Bad', trigger: 'scheduled' });
    expect(unscheduled.status).toBe(400);
    const body = { ...workflow, aclIds: [] } as Record<string, unknown>;
    for (const key of ['id', 'folderPath', 'nextFireAt', 'updatedAt']) delete body[key];
    expect((await admin.put(`/admin/workflows/${workflow.id}`, body)).status).toBe(200);
    expect((await admin.delete(`/admin/workflows/${workflow.id}`)).status).toBe(200);
    expect((await admin.delete(`/admin/workflow-folders/${nightly.body.id}`)).status).toBe(200);
  });

  it('fires a scheduled workflow once per fire time under a fake clock, then at its interval (R-WORKFLOW-SCHEDULE)', async () => {
    const workflow = await create({
      name: 'Every other day',
      trigger: 'scheduled',
      schedule: { every: 'daily', time: '06:00', interval: 2 },
      parameters: [{ name: 'region', type: 'text', value: 'eu' }],
      script: `log.config('tick', params.region, asset === null);`,
    });
    const next = new Date(workflow.nextFireAt as string);
    expect(next.getUTCHours()).toBe(6);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(await fireDueWorkflows(dam.services, new Date(next.getTime() - 1000))).toBe(0);
    // Two servers' schedule jobs at the same moment: one run.
    const late = new Date(next.getTime() + 5000);
    const fired = await Promise.all([
      fireDueWorkflows(dam.services, late),
      fireDueWorkflows(dam.services, late),
    ]);
    expect(fired[0] + fired[1]).toBe(1);
    expect(await fireDueWorkflows(dam.services, late)).toBe(0);
    const [run] = await settled(workflow.id);
    expect(run).toMatchObject({
      trigger: 'scheduled',
      assetId: null,
      status: 'completed',
      parameters: { region: 'eu' },
      log: [{ level: 'config', message: 'tick eu true' }],
    });
    const [saved] = (await admin.get('/admin/workflows')).body.filter(
      (each: Workflow) => each.id === workflow.id,
    );
    expect(new Date(saved.nextFireAt).getTime() - next.getTime()).toBe(2 * 24 * 3_600_000);
    // A day later nothing; two days later the next one.
    expect(await fireDueWorkflows(dam.services, new Date(next.getTime() + 24 * 3_600_000))).toBe(0);
    expect(await fireDueWorkflows(dam.services, new Date(next.getTime() + 48 * 3_600_000 + 1000))).toBe(1);
    await settled(workflow.id, 2);
    // Cancelled: its waiting runs end, and it fires no more.
    const waiting = (await insertRun(dam.services.db, {
      workflowId: workflow.id,
      assetId: null,
      trigger: 'scheduled',
      parameters: {},
    })) as number;
    const body = { ...saved, state: 'cancelled' };
    for (const key of ['id', 'folderPath', 'nextFireAt', 'updatedAt']) delete body[key];
    expect((await admin.put(`/admin/workflows/${workflow.id}`, body)).status).toBe(200);
    const cancelled = (await runsOf(workflow.id)).find((each) => each.id === waiting);
    expect(cancelled).toMatchObject({ status: 'error', error: WORKFLOW_MESSAGES.workflowCancelled });
    expect(await fireDueWorkflows(dam.services, new Date(next.getTime() + 400 * 24 * 3_600_000))).toBe(0);
  });

  it('runs a Regular workflow’s steps once per upload: fields, keyword, copy, move and a signed call (R-WORKFLOW-STEPS)', async () => {
    const inbox = await dam.services.db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Inbox')
      .executeTakeFirstOrThrow();
    const intake = await create({
      name: 'Intake',
      type: 'regular',
      trigger: 'ingested',
      folderId: inbox.id,
      parameters: [{ name: 'city', type: 'text', value: 'Oslo' }],
      steps: [
        { action: 'setField', key: CITY, value: '{{city}}' },
        { action: 'addKeyword', word: 'intake' },
        { action: 'copy', folder: 'Archive' },
        { action: 'move', folder: 'Done' },
        { action: 'callUrl', url: hook.url, secret: SECRET },
      ],
    });
    const assetId = await ingest('Inbox/harbour.bin');
    const [run] = await settled(intake.id);
    expect(run?.status, JSON.stringify(run)).toBe('completed');
    expect(run?.steps.map((step) => [step.action, step.status])).toEqual([
      ['setField', 'completed'],
      ['addKeyword', 'completed'],
      ['copy', 'completed'],
      ['move', 'completed'],
      ['callUrl', 'completed'],
    ]);
    expect(run?.steps[0]).toMatchObject({
      input: { key: CITY, value: 'Oslo' },
      output: { from: '', to: 'Oslo' },
    });
    expect(run?.steps[4]?.input).toEqual({ action: 'callUrl', url: hook.url, secret: '••••' });
    const row = await assetRow(assetId);
    expect(row.path).toBe('Done/harbour.bin');
    expect(row.keywords).toEqual(['intake']);
    expect((row.metadata as { fields: Record<string, string> }).fields).toEqual({ [CITY]: 'Oslo' });
    const copy = await dam.services.db
      .selectFrom('assets')
      .select('path')
      .where('path', '=', 'Archive/harbour.bin')
      .executeTakeFirst();
    expect(copy).toBeDefined();
    // The workflow's own copy and move start no workflow: one run, one call.
    expect(await runsOf(intake.id)).toHaveLength(1);
    expect(hook.received).toHaveLength(1);
    const [call] = hook.received as [Received];
    const expected = `sha256=${createHmac('sha256', SECRET).update(call.body).digest('hex')}`;
    expect(call.headers['x-rapid-signature']).toBe(expected);
    expect(JSON.parse(call.body)).toMatchObject({
      workflow: 'Intake',
      runId: run?.id,
      trigger: 'ingested',
      parameters: { city: 'Oslo' },
      asset: { id: assetId, path: 'Done/harbour.bin' },
    });
    const wrong = createHmac('sha256', 'another-secret-entirely').update(call.body).digest('hex');
    expect(call.headers['x-rapid-signature']).not.toBe(`sha256=${wrong}`);
  });

  it('debugs step by step without side effects, ends a failed step in error and replays the run (R-WORKFLOW-DEBUGGER)', async () => {
    const assetId = await insertAssetRow(dam.services.db, 'Team/brief.bin');
    const workflow = await create({
      name: 'Publish',
      type: 'regular',
      trigger: 'manual',
      parameters: [{ name: 'channel', type: 'text', value: 'web' }],
      steps: [
        { action: 'setField', key: CITY, value: 'Bergen {{channel}}' },
        { action: 'callUrl', url: hook.url, secret: SECRET },
        { action: 'addKeyword', word: 'published' },
      ],
    });
    const calls = hook.received.length;
    const before = await assetRow(assetId);
    const dry = await admin.post(`/admin/workflows/${workflow.id}/test-run`, {
      assetId,
      parameters: { channel: 'print' },
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, status: 'completed', parameters: { channel: 'print' } });
    expect(dry.body.steps[0]).toMatchObject({
      action: 'setField',
      input: { key: CITY, value: 'Bergen print' },
      output: { from: '', to: 'Bergen print' },
      status: 'completed',
    });
    expect(dry.body.steps[1].output.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(dry.body.steps[1].log).toEqual([{ level: 'config', message: `Would POST to ${hook.url}` }]);
    expect(await assetRow(assetId)).toEqual(before);
    expect(hook.received).toHaveLength(calls);

    // A real run whose call fails: the first step is done, the second in error, the third never runs.
    hook.answers.push(500);
    const admins = await aclId('head on everything');
    const permitted = { ...strip(workflow), aclIds: [admins] };
    expect((await admin.put(`/admin/workflows/${workflow.id}`, permitted)).status).toBe(200);
    const started = await admin.post(`/workflows/${workflow.id}/trigger`, { assetIds: [assetId] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [failed] = await settled(workflow.id, 2).then((runs) => runs.filter((each) => !each.dryRun));
    expect(failed).toMatchObject({ status: 'error', error: WORKFLOW_MESSAGES.stepUrlFailed('HTTP 500') });
    expect(failed?.steps.map((step) => step.status)).toEqual(['completed', 'error', 'scheduled']);
    expect(failed?.steps[1]?.log).toEqual([
      { level: 'severe', message: WORKFLOW_MESSAGES.stepUrlFailed('HTTP 500') },
    ]);
    expect((await assetRow(assetId)).keywords).toEqual([]);

    const replayed = await admin.post(`/admin/workflow-runs/${failed?.id}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({
      replayOf: failed?.id,
      trigger: 'manual',
      parameters: { channel: 'web' },
    });
    await settled(workflow.id, 3);
    const again = (await runsOf(workflow.id)).find((each) => each.id === replayed.body.id);
    expect(again?.status).toBe('completed');
    expect((await assetRow(assetId)).keywords).toEqual(['published']);
    const twice = await admin.post(`/admin/workflow-runs/${replayed.body.id}/replay`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.user_message).toBe(WORKFLOW_MESSAGES.workflowOnlyFailedReplay);
  });

  it('says what is wrong with a URL call and what would work: a blocked port, nothing listening, an unknown host (R-WORKFLOW-URL-CALL)', async () => {
    const callTo = (url: string) => ({ action: 'callUrl', url, secret: SECRET });
    const refused = await admin.post('/admin/workflows', {
      name: 'Mail hook',
      type: 'regular',
      trigger: 'manual',
      steps: [callTo('http://127.0.0.1:25/hook')],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.user_message).toBe(WORKFLOW_MESSAGES.stepUrlPortBlocked(25));
    expect(refused.body.error.fields).toEqual({ 'steps.0.url': WORKFLOW_MESSAGES.stepUrlPortBlocked(25) });

    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const assetId = await insertAssetRow(dam.services.db, 'Team/hooked.bin');
    const workflow = await create({
      name: 'Hooks',
      type: 'regular',
      trigger: 'manual',
      steps: [callTo(hook.url)],
    });
    // Each URL as a run meets it; the blocked port as a workflow saved before ports were checked keeps it.
    for (const [url, message] of [
      ['http://127.0.0.1:9/hook', WORKFLOW_MESSAGES.stepUrlPortBlocked(9)],
      [`http://127.0.0.1:${closed}/hook`, WORKFLOW_MESSAGES.stepUrlRefused(`127.0.0.1:${closed}`)],
      ['https://nowhere.invalid/hook', WORKFLOW_MESSAGES.stepUrlUnknownHost('nowhere.invalid')],
    ] as const) {
      await dam.services.db
        .updateTable('workflows')
        .set({ steps: JSON.stringify([callTo(url)]) })
        .where('id', '=', workflow.id)
        .execute();
      const runId = await scheduledRun(workflow.id, assetId);
      await runWorkflowJob(dam.services, { runId });
      const run = (await runsOf(workflow.id)).find((each) => each.id === runId);
      expect(run, url).toMatchObject({ status: 'error', error: message });
      expect(run?.steps[0]?.log).toEqual([{ level: 'severe', message }]);
    }
  });

  it('lets only people whose ACL’s trigger workflow permission names a workflow start it by hand (R-WORKFLOW-MANUAL)', async () => {
    const mona = await aclUser(dam, 'mona', 'Team', ['file actions']);
    const tess = await aclUser(dam, 'tess', 'Team', ['file actions', 'trigger workflow']);
    const assetId = await insertAssetRow(dam.services.db, 'Team/manual.bin');
    const outside = await insertAssetRow(dam.services.db, 'Done/outside.bin');
    const workflow = await create({
      name: 'Hand made',
      trigger: 'manual',
      parameters: [{ name: 'copies', type: 'number', value: '1' }],
      script: `dam.addKeyword('copies-' + params.copies);`,
    });
    expect((await tess.get('/workflows/manual')).body).toEqual([]);
    expect((await tess.post(`/workflows/${workflow.id}/trigger`, { assetIds: [assetId] })).status).toBe(403);
    const named = { ...strip(workflow), aclIds: [await aclId('tess on Team'), await aclId('mona on Team')] };
    expect((await admin.put(`/admin/workflows/${workflow.id}`, named)).status).toBe(200);
    // Named, but mona's ACL does not grant the permission.
    expect((await mona.get('/workflows/manual')).body).toEqual([]);
    const denied = await mona.post(`/workflows/${workflow.id}/trigger`, { assetIds: [assetId] });
    expect(denied.status).toBe(403);
    expect(denied.body.error.user_message).toBe('You do not have permission to do this action.');
    expect((await tess.get('/workflows/manual')).body).toEqual([
      {
        id: workflow.id,
        name: 'Hand made',
        description: '',
        parameters: [{ name: 'copies', type: 'number', value: '1' }],
      },
    ]);
    expect(
      (
        await tess.post(`/workflows/${workflow.id}/trigger`, {
          assetIds: [assetId],
          parameters: { copies: 'x' },
        })
      ).status,
    ).toBe(400);
    expect((await tess.post(`/workflows/${workflow.id}/trigger`, { assetIds: [outside] })).status).toBe(404);
    const started = await tess.post(`/workflows/${workflow.id}/trigger`, {
      assetIds: [assetId],
      parameters: { copies: '3' },
    });
    expect(started.status).toBe(200);
    expect(started.body.runIds).toHaveLength(1);
    const [run] = await settled(workflow.id);
    expect(run).toMatchObject({ trigger: 'manual', status: 'completed', parameters: { copies: '3' } });
    expect((await assetRow(assetId)).keywords).toEqual(['copies-3']);
    // Not a manual workflow.
    const other = await create({ name: 'On upload', trigger: 'ingested', script: '' });
    const refused = await tess.post(`/workflows/${other.id}/trigger`, { assetIds: [assetId] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.user_message).toBe(WORKFLOW_MESSAGES.workflowNotManual);
  });

  it('starts workflows on a new version and on a delete, once each (R-WORKFLOW-TRIGGERS)', async () => {
    const versioned = await create({
      name: 'On version',
      trigger: 'versioned',
      script: `log.fine('version of', asset.path);`,
    });
    const deleted = await create({
      name: 'On delete',
      trigger: 'deleted',
      script: `log.fine('deleted', asset.path);`,
    });
    const assetId = await ingest('Team/cycle.bin');
    expect((await admin.post(`/assets/${assetId}/checkout`)).status).toBe(200);
    const checkedIn = await admin.post(`/assets/${assetId}/checkin`, { metadata: { keywords: ['v2'] } });
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(201);
    const [version] = await settled(versioned.id);
    expect(version).toMatchObject({
      assetId,
      trigger: 'versioned',
      status: 'completed',
      log: [{ level: 'fine', message: 'version of Team/cycle.bin' }],
    });
    expect((await admin.delete(`/assets/${assetId}`)).status).toBe(200);
    const [gone] = await settled(deleted.id);
    expect(gone).toMatchObject({ assetId, trigger: 'deleted', status: 'completed' });
    expect(await runsOf(versioned.id)).toHaveLength(1);
  });

  it('starts a workflow on each asset approved in a request, not on a rejected one (R-WORKFLOW-TRIGGERS)', async () => {
    const { db } = dam.services;
    const rita = await aclUser(dam, 'rita', 'Team', ['facet browsing']);
    const group = await db
      .insertInto('groups')
      .values({ name: 'Approvers', description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const head = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'head')
      .executeTakeFirstOrThrow();
    await db.insertInto('group_members').values({ group_id: group.id, user_id: head.id }).execute();
    const approvedId = await insertAssetRow(db, 'Team/approved.bin');
    const rejectedId = await insertAssetRow(db, 'Team/rejected.bin');
    const team = await db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Team')
      .executeTakeFirstOrThrow();
    expect((await admin.put(`/folders/${team.id}/approver`, { groupId: group.id })).status).toBe(200);
    const workflow = await create({
      name: 'On approval',
      trigger: 'approved',
      script: `log.fine('approved', asset.path);`,
    });
    const made = await rita.post('/requests', { assetIds: [approvedId, rejectedId], reason: 'For print' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const decided = await admin.post(`/requests/${made.body.requests[0].id}/decision`, {
      items: [
        { assetId: approvedId, decision: 'approved' },
        { assetId: rejectedId, decision: 'rejected', reason: 'Embargoed' },
      ],
      notes: '',
      dueAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const [run] = await settled(workflow.id);
    expect(run).toMatchObject({
      assetId: approvedId,
      trigger: 'approved',
      status: 'completed',
      log: [{ level: 'fine', message: 'approved Team/approved.bin' }],
    });
    expect(await runsOf(workflow.id)).toHaveLength(1);
  });

  it('resumes a Regular run after a server kill from the first step not completed (R-WORKFLOW-STEPS)', async () => {
    const assetId = await insertAssetRow(dam.services.db, 'Team/resume.bin');
    const workflow = await create({
      name: 'Resumable',
      type: 'regular',
      trigger: 'manual',
      steps: [
        { action: 'addKeyword', word: 'first' },
        { action: 'addKeyword', word: 'second' },
      ],
    });
    // As a killed server left it: the run scheduled, its first step recorded as done.
    const runId = await scheduledRun(workflow.id, assetId);
    await dam.services.db
      .updateTable('workflow_runs')
      .set({
        steps: JSON.stringify([
          { action: 'addKeyword', input: { word: 'first' }, output: {}, status: 'completed', log: [] },
        ]),
      })
      .where('id', '=', runId)
      .execute();
    await runWorkflowJob(dam.services, { runId });
    expect((await assetRow(assetId)).keywords).toEqual(['second']);
    const [run] = await runsOf(workflow.id);
    expect(run?.steps.map((step) => step.status)).toEqual(['completed', 'completed']);
  });

  it('converts into a folder and the dock, shares and requests approval through those features, and a dry run does none (R-WORKFLOW-STEPS)', async () => {
    const { db } = dam.services;
    await sampleJpeg(join(dam.services.config.storageRoot, 'Team/photo.jpg'));
    const assetId = (await ingestFile(dam.services, 'Team/photo.jpg')).id;
    const presets = (await admin.get('/conversion-presets')).body as { id: number; name: string }[];
    const preset = presets.find((each) => each.name === 'Web JPEG 2000 px sRGB');
    expect(preset).toBeDefined();
    const converted = `Archive/photo (${preset?.name}).jpg`;
    const watcher = await create({
      name: 'Archive watcher',
      trigger: 'ingested',
      folderId: (
        await db.selectFrom('folders').select('id').where('path', '=', 'Archive').executeTakeFirstOrThrow()
      ).id,
      script: `log.fine('seen', asset.path);`,
    });
    const workflow = await create({
      name: 'Deliver',
      type: 'regular',
      trigger: 'manual',
      aclIds: [await aclId('head on everything')],
      parameters: [{ name: 'client', type: 'text', value: 'ann@client.example' }],
      steps: [
        { action: 'convert', presetId: preset?.id, into: 'folder', folder: 'Archive' },
        { action: 'convert', presetId: preset?.id, into: 'dock' },
        { action: 'share', to: '{{client}}', days: 5, message: 'For {{client}}' },
        { action: 'requestApproval', reason: 'Print run for {{client}}' },
      ],
    });
    const counts = async () => ({
      assets: Number(
        (
          await db
            .selectFrom('assets')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      docks: (await db.selectFrom('loading_docks').select('id').execute()).length,
      shares: (await db.selectFrom('external_shares').select('id').execute()).length,
      requests: (await db.selectFrom('download_requests').select('id').execute()).length,
    });
    const before = await counts();
    const dry = await admin.post(`/admin/workflows/${workflow.id}/test-run`, { assetId });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.status).toBe('completed');
    expect(dry.body.steps.map((step: { output: unknown }) => step.output)).toEqual([
      { into: 'folder', preset: preset?.name, path: converted },
      { into: 'dock', preset: preset?.name },
      { to: 'ann@client.example', expiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      { reason: 'Print run for ann@client.example' },
    ]);
    expect(dry.body.steps[2].log[0].message).toContain('Would share "photo.jpg" with ann@client.example');
    expect(await counts()).toEqual(before);
    expect(await dam.services.tree.exists(converted)).toBe(false);

    const started = await admin.post(`/workflows/${workflow.id}/trigger`, { assetIds: [assetId] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [run] = await settled(workflow.id, 2).then((runs) => runs.filter((each) => !each.dryRun));
    expect(run?.status, JSON.stringify(run)).toBe('completed');
    expect(await counts()).toEqual({
      assets: before.assets + 1,
      docks: before.docks + 1,
      shares: before.shares + 1,
      requests: before.requests + 1,
    });
    const made = await db
      .selectFrom('assets')
      .select(['id', 'kind'])
      .where('path', '=', converted)
      .executeTakeFirst();
    expect(made?.kind).toBe('image');
    expect(run?.steps[0]?.output).toMatchObject({ path: converted, assetId: made?.id });
    const head = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'head')
      .executeTakeFirstOrThrow();
    const dock = await db
      .selectFrom('loading_docks')
      .selectAll()
      .where('notification_id', '=', String(run?.steps[1]?.output.dock))
      .executeTakeFirstOrThrow();
    expect(dock.owner_id).toBe(head.id);
    const share = await db
      .selectFrom('external_shares')
      .selectAll()
      .where('id', '=', Number(run?.steps[2]?.output.shareId))
      .executeTakeFirstOrThrow();
    expect(share).toMatchObject({ owner_id: head.id, name: 'photo.jpg', recipients: ['ann@client.example'] });
    const mail = await dam.mail.waitFor((each) => each.to.includes('ann@client.example'));
    expect(mail.text).toContain('For ann@client.example');
    const request = await db
      .selectFrom('download_requests')
      .selectAll()
      .where('id', '=', Number((run?.steps[3]?.output.requestIds as number[] | undefined)?.[0]))
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ requestor_id: head.id, reason: 'Print run for ann@client.example' });
    // The converted asset is the workflow's own: it starts no workflow.
    expect(await runsOf(watcher.id)).toHaveLength(0);
  });

  it('runs each Login workflow once per sign-in with the person as its subject (R-WORKFLOW-LOGIN)', async () => {
    const { db } = dam.services;
    await db.insertInto('groups').values({ name: 'Photographers', description: '' }).execute();
    const greeter = await create({
      name: 'Greeter',
      type: 'login',
      trigger: 'manual',
      script: `log.fine('hello', user.name, user.username, user.groups.join('+'));`,
    });
    const lena = await dam.userClient('lena', { groupNames: ['Photographers'] });
    await lena.login('lena', TEST_PASSWORD);
    const runs = await settled(greeter.id, 2);
    expect(runs).toHaveLength(2);
    const lenaId = (
      await db.selectFrom('users').select('id').where('username', '=', 'lena').executeTakeFirstOrThrow()
    ).id;
    for (const run of runs)
      expect(run).toMatchObject({
        trigger: 'login',
        status: 'completed',
        assetId: null,
        log: [{ level: 'fine', message: 'hello lena lena Photographers' }],
      });
    expect(
      (
        await db
          .selectFrom('workflow_runs')
          .select('requested_by')
          .where('workflow_id', '=', greeter.id)
          .execute()
      ).map((row) => row.requested_by),
    ).toEqual([lenaId, lenaId]);
    // Not a manual workflow, whatever its trigger says.
    expect((await admin.get('/workflows/manual')).body.map((each: { id: number }) => each.id)).not.toContain(
      greeter.id,
    );
  });

  it('asks a Permission workflow before a download: allow, deny with its reason, and a timeout refuse clearly (R-WORKFLOW-PERMISSION)', async () => {
    const { db } = dam.services;
    const dora = await aclUser(dam, 'dora', 'Vault', ['downloadHiRes', 'facet browsing']);
    const root = dam.services.config.storageRoot;
    await writeFile(join(root, 'Vault/open.txt'), 'open');
    await writeFile(join(root, 'Vault/embargo.txt'), 'embargo');
    await writeFile(join(root, 'Vault/slow.txt'), 'slow');
    for (const name of ['open.txt', 'embargo.txt', 'slow.txt'])
      await ingestFile(dam.services, `Vault/${name}`);
    const get = (path: string) =>
      fetch(`${dam.url}/api/v1/files/content?path=${encodeURIComponent(path)}`, {
        headers: { cookie: dora.cookie ?? '' },
      });
    const unnamed = await admin.post('/admin/workflows', {
      name: 'No gate named',
      type: 'permission',
      trigger: 'manual',
      script: 'dam.allow();',
    });
    expect(unnamed.status).toBe(400);
    const gate = await create({
      name: 'Embargo gate',
      type: 'permission',
      trigger: 'manual',
      properties: { permission: 'download' },
      aclIds: [await aclId('dora on Vault')],
      timeoutMs: 200,
      script: `
        if (asset.name === 'slow.txt') for (;;) {}
        if (asset.name === 'embargo.txt') dam.deny('Embargoed until Monday, ' + user.username + '.');
        else dam.allow();`,
    });
    const open = await get('open.txt');
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('open');
    const denied = await get('embargo.txt');
    expect(denied.status).toBe(403);
    expect((await denied.json()).error.user_message).toBe(
      WORKFLOW_MESSAGES.permissionDenied('Embargo gate', 'Embargoed until Monday, dora.'),
    );
    const slow = await get('slow.txt');
    expect(slow.status).toBe(403);
    expect((await slow.json()).error.user_message).toBe(
      WORKFLOW_MESSAGES.permissionNoAnswer('Embargo gate', WORKFLOW_MESSAGES.scriptTimedOut(200)),
    );
    // A zip is asked about each file in it; the loading dock too.
    const zip = await fetch(`${dam.url}/api/v1/files/zip?path=${encodeURIComponent('embargo.txt')}`, {
      headers: { cookie: dora.cookie ?? '' },
    });
    expect(zip.status).toBe(403);
    const embargoId = (
      await db
        .selectFrom('assets')
        .select('id')
        .where('path', '=', 'Vault/embargo.txt')
        .executeTakeFirstOrThrow()
    ).id;
    const dock = await dora.post('/loading-dock', { ids: [embargoId] });
    expect(dock.status).toBe(403);
    // Each answer is in the run history; the administrator (admin mode) and other ACLs are not asked.
    const runs = await runsOf(gate.id);
    expect(runs.map((run) => [run.trigger, run.status])).toContainEqual(['permission', 'completed']);
    expect(runs.filter((run) => run.status === 'error')).toHaveLength(4);
    // The workflow is used for a permission: it cannot be removed.
    expect((await admin.delete(`/admin/workflows/${gate.id}`)).status).toBe(409);
  });

  it('lists the system workflows read-only (R-WORKFLOW-SYSTEM)', async () => {
    const listed = (await admin.get('/admin/workflows/system')).body;
    expect(listed.map((each: { key: string }) => each.key)).toEqual([
      'pre-transfer',
      'loading-dock-download',
      'utils',
    ]);
    expect(listed[2].actions.map((each: { name: string }) => each.name)).toContain('normalize_xmp');
  });
});

/** A workflow as a save body. */
function strip(workflow: Workflow) {
  const { id: _id, folderPath: _path, nextFireAt: _next, updatedAt: _updated, ...body } = workflow;
  return body;
}
