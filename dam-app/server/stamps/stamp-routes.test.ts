import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueProblem } from '../../api/field-validators.ts';
import { FIELD_MESSAGES } from '../../api/messages.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const NS = 'http://ns.example.org/photo/1.0/';
const CITY = `${NS}city`;
const COPIES = `${NS}copies`;
const SELECTION = 500;

describe.each(DATABASE_KINDS)('the Metadata Stamper on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let vic: ApiClient;
  let ids: number[];
  let outsideId: number;

  const fieldsOf = async (assetIds: number[]) =>
    (
      await dam.services.db
        .selectFrom('assets')
        .select(sql<Record<string, string> | null>`metadata->'fields'`.as('fields'))
        .where('id', 'in', assetIds)
        .orderBy('id')
        .execute()
    ).map((row) => row.fields ?? {});
  const stamp = async (name: string, values: { key: string; value: string }[]) => {
    const created = await admin.post('/admin/stamps', { name, values });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as number;
  };

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await aclUser(dam, 'head', '', undefined, { admin: true });
    vic = await aclUser(dam, 'vic', 'Library', ['facet browsing']);
    const folderId = await ensureFolderRow(dam.services.db, 'Library/Stamp');
    const { rows } = await sql<{ id: number }>`
      insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, keywords, date_created, rendition_state)
      select ${folderId}, 'Library/Stamp/' || i || '.bin', i || '.bin', i || '.bin', '', 'BIN',
        'application/octet-stream', 'other', 1000, 'stamp-' || i, '{}', now(), 'done'
      from generate_series(1, ${SELECTION}) i
      returning id`.execute(dam.services.db);
    ids = rows.map((row) => row.id);
    outsideId = await insertAssetRow(dam.services.db, 'Elsewhere/x.bin');
    const library = await ensureFolderRow(dam.services.db, 'Library');
    const field = (property: string, validator: Record<string, unknown>) => ({
      schema: NS,
      property,
      label: property,
      validator,
    });
    const form = await admin.post('/admin/forms', {
      name: 'Photo',
      tabs: [
        { name: 'Main', fields: [field('city', { kind: 'String' }), field('copies', { kind: 'Integer' })] },
      ],
      assignments: [{ folderId: library, use: 'bulkEdit' }],
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
  }, 60_000);
  afterAll(() => dam.close());

  it('refuses a stamp naming one field twice with "The field is already added." (R-STAMP)', async () => {
    const twice = await admin.post('/admin/stamps', {
      name: 'Twice',
      values: [
        { key: CITY, value: 'Oslo' },
        { key: CITY, value: 'Bergen' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields['values.1.key']).toBe(FIELD_MESSAGES.fieldAlreadyAdded);
    const id = await stamp('Once', [{ key: CITY, value: 'Oslo' }]);
    const again = await admin.post('/admin/stamps', { name: 'ONCE', values: [{ key: CITY, value: 'x' }] });
    expect(again.status).toBe(409);
    expect(again.body.error.user_message).toBe(FIELD_MESSAGES.stampNameExists);
    expect((await vic.get('/stamps')).body.map((each: { id: number }) => each.id)).toContain(id);
  });

  it(`previews, then applies a stamp to ${SELECTION} assets in one action`, async () => {
    const id = await stamp('Oslo prints', [
      { key: CITY, value: 'Oslo' },
      { key: COPIES, value: ' 3 ' },
    ]);
    const preview = await admin.post(`/stamps/${id}/preview`, { assetIds: ids });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ assets: SELECTION, changed: SELECTION * 2, applied: false });
    expect(preview.body.changes[0]).toEqual({ assetId: ids[0], key: CITY, from: '', to: 'Oslo' });
    expect(await fieldsOf(ids.slice(0, 3))).toEqual([{}, {}, {}]);
    const started = performance.now();
    const applied = await admin.post(`/stamps/${id}/apply`, { assetIds: ids });
    const took = performance.now() - started;
    expect(applied.body).toMatchObject({ assets: SELECTION, changed: SELECTION * 2, applied: true });
    const after = await fieldsOf(ids);
    expect(after.every((fields) => fields[CITY] === 'Oslo' && fields[COPIES] === '3')).toBe(true);
    // Measured: the whole selection in one transaction.
    expect(took).toBeLessThan(10_000);
    // Applying it again changes nothing.
    expect((await admin.post(`/stamps/${id}/apply`, { assetIds: ids })).body.changed).toBe(0);
  });

  it('applies nothing when one value fails its validator or one asset’s folder has no form for it', async () => {
    const bad = await stamp('Many', [
      { key: CITY, value: 'Bergen' },
      { key: COPIES, value: 'many' },
    ]);
    const refused = await admin.post(`/stamps/${bad}/apply`, { assetIds: ids });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      [COPIES]: valueProblem({ kind: 'Integer', notEmpty: false }, 'many'),
    });
    const bergen = await stamp('Bergen', [{ key: CITY, value: 'Bergen' }]);
    const mixed = await admin.post(`/stamps/${bergen}/apply`, { assetIds: [...ids.slice(0, 5), outsideId] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.fields).toEqual({ [CITY]: FIELD_MESSAGES.noForm });
    expect((await fieldsOf(ids.slice(0, 5))).map((fields) => fields[CITY])).toEqual(Array(5).fill('Oslo'));
  });

  it('needs the file actions permission and assets the person may see', async () => {
    const id = await stamp('Trondheim', [{ key: CITY, value: 'Trondheim' }]);
    expect((await vic.post(`/stamps/${id}/apply`, { assetIds: ids.slice(0, 1) })).status).toBe(403);
    const carla = await aclUser(dam, 'carla', 'Library');
    expect((await carla.post(`/stamps/${id}/apply`, { assetIds: [outsideId] })).status).toBe(404);
    expect((await carla.post(`/stamps/${id}/apply`, { assetIds: ids.slice(0, 1) })).status).toBe(200);
  });

  it('undoes a stamp run on the assets not changed since, listing those that were (R-STAMP-UNDO)', async () => {
    const few = ids.slice(10, 14);
    const id = await stamp('Undo me', [
      { key: CITY, value: 'Narvik' },
      { key: COPIES, value: '9' },
    ]);
    const before = await fieldsOf(few);
    const applied = await admin.post(`/stamps/${id}/apply`, { assetIds: few });
    expect(applied.body.runId, JSON.stringify(applied.body)).toBeTypeOf('number');
    // One asset changes after the stamp: its values stay, and it is listed.
    const edited = await admin.post(
      `/stamps/${await stamp('Later', [{ key: CITY, value: 'Molde' }])}/apply`,
      {
        assetIds: [few[3]],
      },
    );
    expect(edited.status).toBe(200);
    expect((await vic.post(`/stamps/runs/${applied.body.runId}/undo`, {})).status).toBe(403);
    const undone = await admin.post(`/stamps/runs/${applied.body.runId}/undo`, {});
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toEqual({ restored: 3, changedSince: [few[3]] });
    const after = await fieldsOf(few);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after[3]).toMatchObject({ [CITY]: 'Molde', [COPIES]: '9' });
    const again = await admin.post(`/stamps/runs/${applied.body.runId}/undo`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.user_message).toBe(FIELD_MESSAGES.stampRunUndone);

    // R-STAMP-RUNS: the administrator's list, newest first: when, who, which stamp, how many assets, undone or not.
    expect((await vic.get('/admin/stamp-runs')).status).toBe(403);
    const runs = (await admin.get('/admin/stamp-runs')).body as {
      id: number;
      stampName: string;
      actor: string | null;
      assets: number;
      createdAt: string;
      undoneAt: string | null;
    }[];
    expect(runs[0]).toMatchObject({ id: edited.body.runId, stampName: 'Later', actor: 'head', assets: 1 });
    expect(runs[0]?.undoneAt).toBeNull();
    expect(runs[1]).toMatchObject({ id: applied.body.runId, stampName: 'Undo me', actor: 'head', assets: 4 });
    expect(Date.parse(runs[1]?.undoneAt ?? '')).toBeGreaterThanOrEqual(Date.parse(runs[1]?.createdAt ?? ''));
  });
});
