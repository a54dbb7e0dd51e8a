import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const CREDIT = 'http://ns.example.org/photo/1.0/credit';
const NOTE = 'http://ns.example.org/photo/1.0/note';

/**
 * R-UPLOAD-FORM: the progress dialog learns an accelerated upload's assets once ingested — new files, and a taken name
 * kept as a renamed copy — and the upload form of its folder; only the uploader may ask, and the uploader (without
 * file actions) applies the form's values to those assets with `use: 'upload'`.
 */
describe.each(DATABASE_KINDS)('an upload’s assets and its upload form (%s)', (kind) => {
  let dam: TestDam;
  let carlos: ApiClient;
  let rita: ApiClient;
  let local: string;
  let newsroom: number;
  let elsewhere: number;
  const engine = new TransferEngine({ retryBaseMs: 50 });

  /** An accelerated upload of `names` into Library/`folder`, finished as the page's flow does; its cookie. */
  async function upload(as: ApiClient, folder: string, names: string[], damWorkspaceId?: number) {
    for (const name of names) await writeFile(join(local, name), randomBytes(20_000));
    const setup = await as.post('/transfers/pre-transfer', {
      ...(damWorkspaceId === undefined ? {} : { damWorkspaceId }),
      destPath: folder,
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: names.map((name) => ({ source: join(local, name) })) },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const spec = setup.body.transfer_specs[0].transfer_spec;
    expect((await engine.start(spec).done()).status).toBe('completed');
    const finish = await as.post('/utils/UploadFileFinish', {
      cookie: spec.cookie,
      paths: names.map((name) => `/Library/${folder}/${name}`),
    });
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    return spec.cookie as string;
  }
  const settled = (as: ApiClient, cookie: string) =>
    eventually(async () => {
      const answer = await as.post('/transfers/upload-assets', { cookie });
      return answer.status === 200 && answer.body.pending === 0 && answer.body;
    });
  const assetAt = async (path: string) =>
    (
      await dam.services.db
        .selectFrom('assets')
        .select('id')
        .where('path', '=', path)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    dam = await startTestDam(kind, {
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
    local = await mkdtemp(join(tmpdir(), 'rapid-dam-upload-form-'));
    for (const folder of ['Library/Drop', 'Library/Plain'])
      await mkdir(join(dam.services.config.storageRoot, folder), { recursive: true });
    const drop = await ensureFolderRow(dam.services.db, 'Library/Drop');
    const form = await admin.post('/admin/forms', {
      name: 'Upload credits',
      tabs: [
        {
          name: 'Main',
          fields: [
            {
              schema: 'http://ns.example.org/photo/1.0/',
              property: 'credit',
              label: 'Credit',
              validator: { kind: 'String', notEmpty: true },
            },
          ],
        },
      ],
      assignments: [{ folderId: drop, use: 'upload' }],
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    // R-WORKSPACE-UPLOAD-FORM: the Authors' workspace names an upload form; another workspace is not theirs.
    const notes = await admin.post('/admin/forms', {
      name: 'Workspace notes',
      tabs: [
        {
          name: 'Main',
          fields: [
            {
              schema: 'http://ns.example.org/photo/1.0/',
              property: 'note',
              label: 'Note',
              validator: { kind: 'String', notEmpty: true },
            },
          ],
        },
      ],
    });
    expect(notes.status, JSON.stringify(notes.body)).toBe(201);
    const others = await admin.post('/admin/groups', { name: 'Others' });
    const workspace = (name: string, groupId: number) =>
      admin.post('/admin/workspaces', {
        name,
        groupIds: [groupId],
        headerColor: '#234e52',
        headerTextColor: '#ffffff',
        uploadFormId: notes.body.id,
      });
    const saved = await workspace('Newsroom', group.body.id);
    expect([saved.status, saved.body.uploadFormId]).toEqual([201, notes.body.id]);
    newsroom = saved.body.id;
    elsewhere = (await workspace('Elsewhere', others.body.id)).body.id;
    const noForm = await admin.post('/admin/workspaces', {
      name: 'Broken',
      headerColor: '#234e52',
      headerTextColor: '#ffffff',
      uploadFormId: 999_999,
    });
    expect([noForm.status, noForm.body.error?.fields]).toEqual([400, { uploadFormId: 'No such form.' }]);
  }, 60_000);
  afterAll(async () => {
    engine.stopAll();
    await dam.close();
    await rm(local, { recursive: true, force: true });
  });

  it('answers the assets once ingested — a taken name as its renamed copy — with the folder’s upload form', async () => {
    const first = await upload(carlos, 'Drop', ['one.jpg']);
    const firstAnswer = await settled(carlos, first);
    const one = await assetAt('Library/Drop/one.jpg');
    expect(firstAnswer).toMatchObject({ files: 1, pending: 0, assetIds: [one] });
    expect(firstAnswer.form.name).toBe('Upload credits');
    // one.jpg again (new bytes; without file actions it cannot be a version: it is kept as a renamed copy) and a new file.
    const second = await upload(carlos, 'Drop', ['one.jpg', 'two.jpg']);
    const answer = await settled(carlos, second);
    expect(answer.files).toBe(2);
    const made = [await assetAt('Library/Drop/one (2).jpg'), await assetAt('Library/Drop/two.jpg')];
    expect([...answer.assetIds].sort()).toEqual(made.sort());
    // Someone else (even in the same ACL) learns nothing of it: the same answer as for no upload at all.
    const other = await rita.post('/transfers/upload-assets', { cookie: second });
    expect([other.status, other.body.error.code]).toEqual([404, 'not_found']);
    expect((await carlos.post('/transfers/upload-assets', { cookie: 'no such cookie' })).status).toBe(404);

    // Only the uploader applies the upload form without file actions.
    const notTheirs = await rita.post('/assets/form-values', {
      assetIds: answer.assetIds,
      use: 'upload',
      values: { [CREDIT]: 'Rita' },
    });
    expect(notTheirs.status).toBe(403);
    // The dialog applies the form to them: a required field blocks, a filled one is written to each.
    const empty = await carlos.post('/assets/form-values', {
      assetIds: answer.assetIds,
      use: 'upload',
      values: {},
    });
    expect([empty.status, empty.body.error.fields]).toEqual([400, { [CREDIT]: MESSAGES.requiredEmpty }]);
    const applied = await carlos.post('/assets/form-values', {
      assetIds: answer.assetIds,
      use: 'upload',
      values: { [CREDIT]: 'Carlos Ruiz' },
    });
    expect(applied.body).toEqual({ assets: 2, updated: 2 });
    const credits = await dam.services.db
      .selectFrom('assets')
      .select(sql<string>`metadata->'fields'->>${CREDIT}`.as('credit'))
      .where('id', 'in', answer.assetIds)
      .execute();
    expect(credits.map((row) => row.credit)).toEqual(['Carlos Ruiz', 'Carlos Ruiz']);
  });

  it('answers no form for a folder that has none: the dialog confirms by itself', async () => {
    const cookie = await upload(carlos, 'Plain', ['three.jpg']);
    const answer = await settled(carlos, cookie);
    expect(answer).toMatchObject({ files: 1, pending: 0, form: null });
    expect(answer.assetIds).toEqual([await assetAt('Library/Plain/three.jpg')]);
  });

  it('R-WORKSPACE-UPLOAD-FORM: answers the workspace’s upload form where the folder has none, and applies it', async () => {
    const cookie = await upload(carlos, 'Plain', ['four.jpg'], newsroom);
    const answer = await settled(carlos, cookie);
    expect(answer.form?.name).toBe('Workspace notes');
    const four = await assetAt('Library/Plain/four.jpg');
    expect(answer.assetIds).toEqual([four]);
    // The dialog applies the workspace's form: its required field is asked, the folder's form (none) is not the rule.
    const empty = await carlos.post('/assets/form-values', { assetIds: [four], use: 'upload', values: {} });
    expect([empty.status, empty.body.error.fields]).toEqual([400, { [NOTE]: MESSAGES.requiredEmpty }]);
    const applied = await carlos.post('/assets/form-values', {
      assetIds: [four],
      use: 'upload',
      values: { [NOTE]: 'Front page' },
    });
    expect(applied.body).toEqual({ assets: 1, updated: 1 });
    const note = await dam.services.db
      .selectFrom('assets')
      .select(sql<string>`metadata->'fields'->>${NOTE}`.as('note'))
      .where('id', '=', four)
      .executeTakeFirstOrThrow();
    expect(note.note).toBe('Front page');

    // The folder's own upload form wins over the workspace's.
    const drop = await settled(carlos, await upload(carlos, 'Drop', ['five.jpg'], newsroom));
    expect(drop.form?.name).toBe('Upload credits');

    // A workspace none of the person's groups sees is not recorded: no workspace, so no form.
    const foreign = await upload(carlos, 'Plain', ['six.jpg'], elsewhere);
    expect((await settled(carlos, foreign)).form).toBeNull();
    const session = await dam.services.db
      .selectFrom('upload_sessions')
      .select('workspace_id')
      .where('cookie', 'in', [cookie, foreign])
      .orderBy('created_at')
      .execute();
    expect(session.map((row) => row.workspace_id)).toEqual([newsroom, null]);
  });
});
