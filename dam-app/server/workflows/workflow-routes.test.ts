import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import type { WorkflowRun } from '../../api/workflows.ts';
import { ingestFile } from '../assets/ingest.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { eventually } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { scheduleMatchingRuns } from './workflow-queries.ts';
import { runWorkflowJob } from './workflow-run-job.ts';

const CITY = 'http://ns.example.org/photo/1.0/city';

describe.each(DATABASE_KINDS)('the Workflow Manager on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let libraryId: number;

  const folderId = async (path: string) =>
    (
      await dam.services.db
        .selectFrom('folders')
        .select('id')
        .where('path', '=', path)
        .executeTakeFirstOrThrow()
    ).id;
  const assetRow = (id: number) =>
    dam.services.db
      .selectFrom('assets')
      .select(['path', 'keywords', 'metadata'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  async function ingest(path: string) {
    const absolute = join(dam.services.config.storageRoot, path);
    await mkdir(join(absolute, '..'), { recursive: true });
    await writeFile(absolute, randomBytes(2000));
    return (await ingestFile(dam.services, path, { actorId: null, event: 'Upload' })).id;
  }
  const runsOf = async (id: number): Promise<WorkflowRun[]> =>
    (await admin.get(`/admin/workflows/${id}/runs`)).body;
  async function create(body: Record<string, unknown>) {
    const created = await admin.post('/admin/workflows', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as number;
  }

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await aclUser(dam, 'head', '', undefined, { admin: true });
    await insertAssetRow(dam.services.db, 'Library/seed.bin');
    await insertAssetRow(dam.services.db, 'Done/seed.bin');
    libraryId = await folderId('Library');
  });
  afterAll(() => dam.close());

  it('keeps workflow names unique and refuses a folder that does not exist; non-admins cannot see workflows', async () => {
    const body = { name: 'Names', trigger: 'moved', script: '' };
    const id = await create(body);
    const again = await admin.post('/admin/workflows', { ...body, name: 'NAMES' });
    expect(again.status).toBe(409);
    expect(again.body.error.user_message).toBe(WORKFLOW_MESSAGES.workflowNameExists);
    const noFolder = await admin.post('/admin/workflows', { ...body, name: 'X', folderId: 999_999 });
    expect(noFolder.status).toBe(404);
    expect(noFolder.body.error.user_message).toBe(WORKFLOW_MESSAGES.workflowFolderMissing);
    const visitor = await dam.userClient('visitor');
    expect((await visitor.get('/admin/workflows')).status).toBe(403);
    expect((await admin.delete(`/admin/workflows/${id}`)).status).toBe(200);
  });

  it('runs a workflow once per ingest under its folder, as a job, applying what the script asked (R-WORKFLOW-TRIGGERS)', async () => {
    const id = await create({
      name: 'Tag arrivals',
      trigger: 'ingested',
      folderId: libraryId,
      script: `
        log.config('arrived', asset.path);
        dam.setField('${CITY}', 'Oslo');
        dam.addKeyword('arrival');
        dam.move('Done');`,
    });
    const disabled = await create({
      name: 'Switched off',
      trigger: 'ingested',
      folderId: libraryId,
      state: 'disabled',
      script: `dam.addKeyword('never');`,
    });
    const assetId = await ingest('Library/Shoot/harbour.bin');
    await ingest('Elsewhere/other.bin');
    // The same file ingested again is the same asset: no second event.
    await ingestFile(dam.services, 'Library/Shoot/harbour.bin');
    const [run] = await eventually(async () => {
      const runs = await runsOf(id);
      return runs.length > 0 && runs.every((each) => each.status !== 'scheduled') && runs;
    });
    expect(await runsOf(id)).toHaveLength(1);
    expect(run).toMatchObject({
      assetId,
      trigger: 'ingested',
      status: 'completed',
      dryRun: false,
      error: null,
      log: [{ level: 'config', message: 'arrived Library/Shoot/harbour.bin' }],
    });
    const row = await assetRow(assetId);
    expect(row.path).toBe('Done/harbour.bin');
    expect(row.keywords).toEqual(['arrival']);
    expect((row.metadata as { fields: Record<string, string> }).fields).toEqual({ [CITY]: 'Oslo' });
    expect(await runsOf(disabled)).toEqual([]);
    // The workflow's own move starts no `moved` workflow (no loops), and the job was queued once.
    const jobs = await dam.services.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'workflow.run')
      .execute();
    expect(jobs).toHaveLength(1);
    await admin.delete(`/admin/workflows/${id}`);
    await admin.delete(`/admin/workflows/${disabled}`);
  });

  it('applies all of a run or nothing: a move to a missing folder leaves the field unset and says why', async () => {
    const id = await create({
      name: 'Bad move',
      trigger: 'ingested',
      script: `dam.setField('${CITY}', 'Bergen'); dam.move('Nowhere/At/All');`,
    });
    const assetId = await ingest('Library/bad.bin');
    const [run] = await eventually(async () => {
      const runs = await runsOf(id);
      return runs[0]?.status !== 'scheduled' && runs;
    });
    expect(run?.status).toBe('error');
    expect(run?.error).toBe(WORKFLOW_MESSAGES.workflowMoveTargetMissing('Nowhere/At/All'));
    const row = await assetRow(assetId);
    expect(row.path).toBe('Library/bad.bin');
    expect((row.metadata as { fields?: unknown }).fields).toBeUndefined();
    await admin.delete(`/admin/workflows/${id}`);
  });

  it('runs a scheduled run once: a job that runs again (a retry, a second server) finds it closed (R-WORKFLOW-RUNS)', async () => {
    const assetId = await insertAssetRow(dam.services.db, 'Library/count.bin');
    const id = await create({
      name: 'Count',
      trigger: 'metadataChanged',
      state: 'disabled',
      script: `dam.setField('${CITY}', String(Number(asset.fields['${CITY}'] || 0) + 1));`,
    });
    await dam.services.db.updateTable('workflows').set({ state: 'enabled' }).where('id', '=', id).execute();
    const [runId] = await dam.services.db
      .transaction()
      .execute((trx) =>
        scheduleMatchingRuns(trx, 'metadataChanged', { id: assetId, path: 'Library/count.bin' }),
      );
    await dam.services.db.updateTable('workflows').set({ state: 'disabled' }).where('id', '=', id).execute();
    await Promise.all([
      runWorkflowJob(dam.services, { runId: runId as number }),
      runWorkflowJob(dam.services, { runId: runId as number }),
    ]);
    await runWorkflowJob(dam.services, { runId: runId as number });
    const row = await assetRow(assetId);
    expect((row.metadata as { fields: Record<string, string> }).fields).toEqual({ [CITY]: '1' });
    expect((await runsOf(id)).map((run) => run.status)).toEqual(['completed']);
  });

  it('dry-runs a script on a chosen asset: shows its changes and log, changes nothing (R-WORKFLOW-DRY-RUN)', async () => {
    const assetId = await insertAssetRow(dam.services.db, 'Library/dry.bin');
    const id = await create({
      name: 'Dry',
      trigger: 'metadataChanged',
      script: `dam.setField('${CITY}', asset.name.toUpperCase()); dam.addKeyword('k'); dam.move('Done'); log.finest('done');`,
    });
    const before = await assetRow(assetId);
    const tried = await admin.post(`/admin/workflows/${id}/test-run`, { assetId });
    expect(tried.status).toBe(200);
    expect(tried.body).toMatchObject({
      dryRun: true,
      status: 'completed',
      trigger: 'test',
      changes: [
        { action: 'setField', key: CITY, value: 'DRY.BIN' },
        { action: 'addKeyword', word: 'k' },
        { action: 'move', folder: 'Done' },
      ],
      log: [{ level: 'finest', message: 'done' }],
    });
    expect(await assetRow(assetId)).toEqual(before);
    expect((await runsOf(id)).map((each) => each.id)).toEqual([tried.body.id]);
    const missing = await admin.post(`/admin/workflows/${id}/test-run`, { assetId: 999_999 });
    expect(missing.status).toBe(404);
  });

  it('stops a script that loops forever at its timeout while the server keeps answering (R-WORKFLOW-SANDBOX)', async () => {
    const assetId = await insertAssetRow(dam.services.db, 'Library/loop.bin');
    const id = await create({ name: 'Loop', trigger: 'moved', timeoutMs: 1500, script: 'for (;;) {}' });
    const started = Date.now();
    const running = admin.post(`/admin/workflows/${id}/test-run`, { assetId });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const asked = Date.now();
    const search = await admin.post('/search', { q: 'loop', limit: 10 });
    const answeredIn = Date.now() - asked;
    expect(search.status).toBe(200);
    expect(search.body.items.map((item: { id: number }) => item.id)).toContain(assetId);
    expect(answeredIn).toBeLessThan(1000);
    const tried = await running;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(tried.body).toMatchObject({ status: 'error', error: WORKFLOW_MESSAGES.scriptTimedOut(1500) });
    // Measured: the search answered while the script was still looping.
    expect(Date.now() - started).toBeGreaterThan(answeredIn + 400);
  });
});
