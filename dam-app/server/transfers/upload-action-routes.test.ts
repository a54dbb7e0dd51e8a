import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { INGEST_UPLOAD_JOB } from './upload-action-routes.ts';

describe('the upload actions believe the node, not the page', () => {
  let dam: TestDam;
  let carlos: ApiClient;
  let rita: ApiClient;
  let local: string;
  let cookie = '';
  let transferId = '';
  const engine = new TransferEngine({ retryBaseMs: 50 });

  beforeAll(async () => {
    dam = await startTestDam('pglite', {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    const admin = await dam.userClient('boss', { admin: true });
    const group = await admin.post('/admin/groups', { name: 'Authors' });
    await admin.post('/admin/acls', {
      name: 'Library',
      rootPath: 'Library',
      permissions: ['fileUpload', 'quickDownload'],
      groupIds: [group.body.id],
    });
    carlos = await dam.userClient('carlos', { groupNames: ['Authors'] });
    rita = await dam.userClient('rita', { groupNames: ['Authors'] });
    local = await mkdtemp(join(tmpdir(), 'rapid-dam-upload-'));
    await mkdir(join(dam.services.config.storageRoot, 'Library/In'), { recursive: true });
    for (const name of ['a.jpg', 'b.jpg']) await writeFile(join(local, name), randomBytes(50_000));
    const setup = await carlos.post('/transfers/pre-transfer', {
      destPath: 'In',
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: join(local, 'a.jpg') }, { source: join(local, 'b.jpg') }] },
    });
    const spec = setup.body.transfer_specs[0].transfer_spec;
    cookie = spec.cookie;
    const done = await engine.start(spec).done();
    expect(done.status).toBe('completed');
    transferId = spec.tags.aspera.xfer_id;
  });
  afterAll(async () => {
    engine.stopAll();
    await dam.close();
    await rm(local, { recursive: true, force: true });
  });

  const ingestJobs = () =>
    dam.services.db.selectFrom('jobs').select('payload').where('kind', '=', INGEST_UPLOAD_JOB).execute();

  it('registers each completed file once, however often the page reports it', async () => {
    // R-UPLOAD-SESSION-START keeps `path`: the page's folder must be this upload's (as the node names it).
    const elsewhere = await carlos.post('/utils/UploadSessionStart', { cookie, path: '/Library/Other' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields.path).toBeTruthy();
    expect((await carlos.post('/utils/UploadSessionStart', { cookie, path: '/Library/In' })).status).toBe(
      200,
    );
    const first = await carlos.post('/utils/UploadFileFinish', { cookie, paths: ['/Library/In/a.jpg'] });
    expect(first.body.paths).toEqual(['Library/In/a.jpg']);
    const again = await carlos.post('/utils/UploadFileFinish', {
      cookie,
      paths: ['/Library/In/a.jpg', '/Library/In/b.jpg'],
    });
    expect(again.body.paths.sort()).toEqual(['Library/In/a.jpg', 'Library/In/b.jpg']);
    const jobs = await ingestJobs();
    expect(jobs.map((job) => (job.payload as { path: string }).path).sort()).toEqual([
      'Library/In/a.jpg',
      'Library/In/b.jpg',
    ]);
    // The ingest job turns each registered file into an asset, once.
    const deadline = Date.now() + 15_000;
    let assets: { path: string }[] = [];
    while (Date.now() < deadline) {
      assets = await dam.services.db
        .selectFrom('assets')
        .select('path')
        .where('path', 'like', 'Library/In/%')
        .execute();
      if (assets.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(assets.map((asset) => asset.path).sort()).toEqual(['Library/In/a.jpg', 'Library/In/b.jpg']);
    expect((await carlos.post('/utils/UploadSessionFinish', { cookie, path: 'Library/Other' })).status).toBe(
      400,
    );
    expect((await carlos.post('/utils/UploadSessionFinish', { cookie, path: '/Library/In/' })).status).toBe(
      200,
    );
    const session = await dam.services.db.selectFrom('upload_sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.started_at).not.toBeNull();
    expect(session.finished_at).not.toBeNull();
  });

  it('creates nothing for files the node never received, or outside the folder', async () => {
    const before = (await ingestJobs()).length;
    const forged = await carlos.post('/utils/UploadFileFinish', {
      cookie,
      paths: ['/Library/In/never-sent.jpg', '/Library/Secret/a.jpg', '/Library/In/../Secret/a.jpg'],
    });
    expect(forged.body.paths).toEqual([]);
    expect((await ingestJobs()).length).toBe(before);
  });

  it('answers 404 for another user’s cookie, and for a cookie the DAM never signed', async () => {
    expect(
      (await rita.post('/utils/UploadFileFinish', { cookie, paths: ['/Library/In/a.jpg'] })).status,
    ).toBe(404);
    expect((await rita.post('/utils/UploadSessionStart', { cookie })).status).toBe(404);
    const made = cookie.replace('carlos', 'rita');
    expect(
      (await rita.post('/utils/UploadFileFinish', { cookie: made, paths: ['/Library/In/a.jpg'] })).status,
    ).toBe(404);
  });

  it('records an error and a cancel for the user’s own transfer only', async () => {
    expect(
      (await rita.post('/utils/error_upload', { id: transferId, message: 'See Rapid window' })).status,
    ).toBe(404);
    expect(
      (await carlos.post('/utils/error_upload', { id: transferId, message: 'See Rapid window', code: 19 }))
        .status,
    ).toBe(200);
    expect((await carlos.post('/utils/cancelled_upload', { id: transferId, filename: 'a.jpg' })).status).toBe(
      200,
    );
    expect((await carlos.post('/utils/cancelled_upload', { id: 'no-such-transfer' })).status).toBe(404);
    const session = await dam.services.db.selectFrom('upload_sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.error_message).toBe('See Rapid window');
    // R-UPLOAD-ERROR: the node's code; R-UPLOAD-CANCELLED: the file name, both kept.
    expect(session.error_code).toBe(19);
    expect(session.cancelled_at).not.toBeNull();
    expect(session.cancelled_filename).toBe('a.jpg');
  });

  it('registers files uploaded into the root of an ACL whose root is the whole storage ("")', async () => {
    const una = await aclUser(dam, 'una', '', ['fileUpload']);
    await writeFile(join(local, 'top.jpg'), randomBytes(20_000));
    const setup = await una.post('/transfers/pre-transfer', {
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: join(local, 'top.jpg') }] },
    });
    expect(setup.status).toBe(200);
    const spec = setup.body.transfer_specs[0].transfer_spec;
    expect((await engine.start(spec).done()).status).toBe('completed');
    const finish = await una.post('/utils/UploadFileFinish', { cookie: spec.cookie, paths: ['/top.jpg'] });
    expect(finish.body.paths).toEqual(['top.jpg']);
    const jobs = await ingestJobs();
    expect(jobs.map((job) => (job.payload as { path: string }).path)).toContain('top.jpg');
  });
});
