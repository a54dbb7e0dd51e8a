import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueProblem } from '../../api/field-validators.ts';
import { FIELD_MESSAGES } from '../../api/messages.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

// R-FORM-ASSIGN, R-BULK-EDIT: form values applied to a selection through the folder's form for bulk edit or for the
// upload, each value through its field's validator for every asset, all or none.
const NS = 'http://ns.example.org/photo/1.0/';
const CITY = `${NS}city`;
const COPIES = `${NS}copies`;
const CREDIT = `${NS}credit`;

describe.each(DATABASE_KINDS)('form values on a selection on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let vic: ApiClient;
  let ids: number[];
  let uploaded: number[];
  let bare: number;

  const fieldsOf = async (assetIds: number[]) =>
    (
      await dam.services.db
        .selectFrom('assets')
        .select(['id', sql<Record<string, string> | null>`metadata->'fields'`.as('fields')])
        .where('id', 'in', assetIds)
        .orderBy('id')
        .execute()
    ).map((row) => row.fields ?? {});

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await aclUser(dam, 'head', '', undefined, { admin: true });
    vic = await aclUser(dam, 'vic', 'Library', ['facet browsing']);
    const field = (property: string, validator: Record<string, unknown>) => ({
      schema: NS,
      property,
      label: property,
      validator,
    });
    const edits = await ensureFolderRow(dam.services.db, 'Library/Edits');
    const drop = await ensureFolderRow(dam.services.db, 'Library/Drop');
    ids = [];
    for (const name of ['a', 'b', 'c'])
      ids.push(await insertAssetRow(dam.services.db, `Library/Edits/${name}.jpg`));
    uploaded = [
      await insertAssetRow(dam.services.db, 'Library/Drop/one.jpg'),
      await insertAssetRow(dam.services.db, 'Library/Drop/two.jpg'),
    ];
    bare = await insertAssetRow(dam.services.db, 'Library/Bare/x.jpg');
    const bulk = await admin.post('/admin/forms', {
      name: 'Bulk photo',
      tabs: [
        { name: 'Main', fields: [field('city', { kind: 'String' }), field('copies', { kind: 'Integer' })] },
      ],
      assignments: [{ folderId: edits, use: 'bulkEdit' }],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    const upload = await admin.post('/admin/forms', {
      name: 'Upload',
      tabs: [{ name: 'Main', fields: [field('credit', { kind: 'String', notEmpty: true })] }],
      assignments: [{ folderId: drop, use: 'upload' }],
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  }, 60_000);
  afterAll(() => dam.close());

  it('applies the bulk edit form’s values to every asset, or none when one value fails its validator', async () => {
    const refused = await admin.post('/assets/form-values', {
      assetIds: ids,
      use: 'bulkEdit',
      values: { [CITY]: 'Oslo', [COPIES]: 'many' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      [COPIES]: valueProblem({ kind: 'Integer', notEmpty: false }, 'many'),
    });
    expect(await fieldsOf(ids)).toEqual([{}, {}, {}]);
    const applied = await admin.post('/assets/form-values', {
      assetIds: ids,
      use: 'bulkEdit',
      values: { [CITY]: ' Oslo ', [COPIES]: '3' },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toEqual({ assets: 3, updated: 3 });
    expect(await fieldsOf(ids)).toEqual(Array(3).fill({ [CITY]: 'Oslo', [COPIES]: '3' }));
    // Only the fields given change; the others stay.
    await admin.post('/assets/form-values', {
      assetIds: ids.slice(0, 1),
      use: 'bulkEdit',
      values: { [CITY]: 'Bergen' },
    });
    expect((await fieldsOf(ids.slice(0, 1)))[0]).toEqual({ [CITY]: 'Bergen', [COPIES]: '3' });
  });

  it('refuses a field the form lacks and an asset whose folder has no form for the use', async () => {
    const unknown = await admin.post('/assets/form-values', {
      assetIds: ids,
      use: 'bulkEdit',
      values: { [CREDIT]: 'x' },
    });
    expect(unknown.body.error.fields).toEqual({ [CREDIT]: FIELD_MESSAGES.unknownField });
    const mixed = await admin.post('/assets/form-values', {
      assetIds: [...ids, bare],
      use: 'bulkEdit',
      values: { [CITY]: 'Tromsø' },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.fields).toEqual({ [CITY]: FIELD_MESSAGES.noForm });
    expect((await fieldsOf(ids)).map((fields) => fields[CITY])).not.toContain('Tromsø');
  });

  it('checks every field of the upload form, so a required one must be filled', async () => {
    const empty = await admin.post('/assets/form-values', { assetIds: uploaded, use: 'upload', values: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      [CREDIT]: valueProblem({ kind: 'String', notEmpty: true }, ''),
    });
    const filled = await admin.post('/assets/form-values', {
      assetIds: uploaded,
      use: 'upload',
      values: { [CREDIT]: 'Ane' },
    });
    expect(filled.body).toEqual({ assets: 2, updated: 2 });
    expect(await fieldsOf(uploaded)).toEqual([{ [CREDIT]: 'Ane' }, { [CREDIT]: 'Ane' }]);
  });

  it('needs the file actions permission and assets the person may see', async () => {
    const body = { assetIds: ids.slice(0, 1), use: 'bulkEdit', values: { [CITY]: 'Bodø' } };
    expect((await vic.post('/assets/form-values', body)).status).toBe(403);
    const outside = await insertAssetRow(dam.services.db, 'Elsewhere/y.jpg');
    const carla = await aclUser(dam, 'carla', 'Library');
    expect((await carla.post('/assets/form-values', { ...body, assetIds: [outside] })).status).toBe(404);
    expect((await carla.post('/assets/form-values', body)).status).toBe(200);
  });
});
