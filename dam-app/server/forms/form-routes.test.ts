import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATOR_KINDS } from '../../api/field-validators.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../api/messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const NS = 'http://ns.example.org/photo/1.0/';
const key = (property: string) => `${NS}${property}`;

describe.each(DATABASE_KINDS)('forms on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let carla: ApiClient;
  let vic: ApiClient;
  let dictionaryId: number;
  let libraryId: number;
  let assetId: number;
  let outsideId: number;
  let otherId: number;

  /** One field per validator kind, on two tabs; the property is the kind's name. */
  const everyValidator = () => [
    {
      name: 'Text',
      fields: VALIDATOR_KINDS.slice(0, 7).map((each) => ({
        schema: NS,
        property: each,
        label: each,
        validator: { kind: each, ...(each.includes('Dictionary') ? { dictionaryId } : {}) },
      })),
    },
    {
      name: 'Numbers',
      fields: VALIDATOR_KINDS.slice(7).map((each) => ({
        schema: NS,
        property: each,
        label: each,
        validator: { kind: each, ...(each === 'Integer' ? { max: 100 } : {}) },
      })),
    },
  ];

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await aclUser(dam, 'head', '', undefined, { admin: true });
    carla = await aclUser(dam, 'carla', 'Library');
    vic = await aclUser(dam, 'vic', 'Library', ['facet browsing']);
    dictionaryId = (await admin.post('/admin/dictionaries', { name: 'Cities', words: ['Oslo', 'Bergen'] }))
      .body.id;
    assetId = await insertAssetRow(dam.services.db, 'Library/Shoot/a.jpg');
    otherId = await insertAssetRow(dam.services.db, 'Library/Shoot/b.jpg');
    outsideId = await insertAssetRow(dam.services.db, 'Elsewhere/c.jpg');
    libraryId = (
      await dam.services.db
        .selectFrom('folders')
        .select('id')
        .where('path', '=', 'Library')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => dam.close());

  it('refuses a bad schema with "Unable to create form (check schema)." and each field’s problem (R-FORM-SCHEMA)', async () => {
    const field = (schema: string, property = 'title') => ({
      schema,
      property,
      label: 'Title',
      validator: { kind: 'String' },
    });
    const noEnd = await admin.post('/admin/forms', {
      name: 'X',
      tabs: [{ name: 'A', fields: [field('http://ns.example.org/x')] }],
    });
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.error.user_message).toBe(FIELD_MESSAGES.formCheckSchema);
    expect(noEnd.body.error.fields['tabs.0.fields.0.schema']).toBe(FIELD_MESSAGES.schemaEnd);
    for (const bad of [
      'http://ns.example.org/a b/',
      'http://ns.example.org/<x>/',
      'no-scheme/',
      'http://x/\u0001/',
    ]) {
      const answer = await admin.post('/admin/forms', {
        name: 'X',
        tabs: [{ name: 'A', fields: [field(bad)] }],
      });
      expect(answer.body.error.fields['tabs.0.fields.0.schema']).toBe(FIELD_MESSAGES.schemaCharacters);
    }
    const twice = await admin.post('/admin/forms', {
      name: 'X',
      tabs: [{ name: 'A', fields: [field(NS), field(NS)] }],
    });
    expect(twice.body.error.fields['tabs.0.fields.1']).toBe(FIELD_MESSAGES.fieldAlreadyAdded);
    const badName = await admin.post('/admin/forms', {
      name: 'X',
      tabs: [{ name: 'A', fields: [field(NS, '1st')] }],
    });
    expect(badName.body.error.fields['tabs.0.fields.0.property']).toBe(FIELD_MESSAGES.propertyName);
  });

  it('creates a form with tabs and every validator, assigned to a folder; a name is unique (R-FORMS)', async () => {
    const created = await admin.post('/admin/forms', {
      name: 'Photo',
      tabs: everyValidator(),
      rules: [
        { target: key('String'), trigger: 'submit', action: 'copyFrom', source: key('SuggestDictionary') },
        { target: key('DataBlock'), trigger: 'postSave', action: 'setValue', value: 'reviewed' },
        {
          target: key('Phone'),
          trigger: 'load',
          action: 'require',
          when: { field: key('EMail'), equals: 'x@y.zz' },
        },
      ],
      assignments: [{ folderId: libraryId, use: 'view' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.tabs.map((tab: { fields: unknown[] }) => tab.fields.length)).toEqual([7, 8]);
    expect(created.body.assignments).toEqual([{ folderId: libraryId, use: 'view' }]);
    const taken = await admin.post('/admin/forms', { name: 'PHOTO', tabs: everyValidator() });
    expect(taken.status).toBe(409);
    expect(taken.body.error.user_message).toBe(FIELD_MESSAGES.formNameExists);
    expect((await carla.post('/admin/forms', { name: 'Mine', tabs: everyValidator() })).status).toBe(403);
    const missingFolder = await admin.post('/admin/forms', {
      name: 'Lost',
      tabs: everyValidator(),
      assignments: [{ folderId: 999_999, use: 'view' }],
    });
    expect(missingFolder.status).toBe(404);
  });

  it('takes the same folder and use twice in one save as once (the route fuzz found a 500)', async () => {
    const twice = await admin.post('/admin/forms', {
      name: 'Twice',
      tabs: everyValidator(),
      assignments: [
        { folderId: libraryId, use: 'upload' },
        { folderId: libraryId, use: 'upload' },
      ],
    });
    expect(twice.status).toBe(201);
    expect(twice.body.assignments).toEqual([{ folderId: libraryId, use: 'upload' }]);
    expect((await admin.delete(`/admin/forms/${twice.body.id}`)).status).toBe(200);
  });

  it('gives the asset view the form of the asset’s folder or the nearest above it', async () => {
    const answer = await carla.get(`/assets/${assetId}/form`);
    expect(answer.status).toBe(200);
    expect(answer.body.form.name).toBe('Photo');
    expect(answer.body.values).toEqual({});
    expect((await carla.get(`/assets/${assetId}/form?use=upload`)).body.form).toBeNull();
    const outside = await admin.get(`/assets/${outsideId}/form`);
    expect(outside.body.form).toBeNull();
    expect((await admin.put(`/assets/${outsideId}/form`, { values: {} })).status).toBe(409);
    expect((await carla.get(`/assets/${outsideId}/form`)).status).toBe(404);
  });

  it('re-validates every field on save with the validators’ messages, the dictionary and the assets', async () => {
    const bad = await carla.put(`/assets/${assetId}/form`, {
      values: {
        [key('ForceDictionary')]: 'Trondheim',
        [key('EMail')]: 'x@y.zz',
        [key('Phone')]: '',
        [key('Date')]: '2026-02-30',
        [key('Integer')]: '101',
        [key('IntegerDecimal')]: 'ten',
        [key('IntegerPosNeg')]: '1.5',
        [key('IntegerDecimalPos')]: '-1',
        [key('Long')]: '9223372036854775808',
        [key('NotEmpty')]: ' ',
        [key('StringNotEmpty')]: '',
        [key('AssetReference')]: String(outsideId),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      [key('ForceDictionary')]: FIELD_MESSAGES.notInDictionary,
      [key('StringNotEmpty')]: MESSAGES.requiredEmpty,
      [key('Phone')]: MESSAGES.requiredEmpty,
      [key('Date')]: FIELD_MESSAGES.dateInvalid,
      [key('Integer')]: FIELD_MESSAGES.numberMax(100),
      [key('IntegerDecimal')]: FIELD_MESSAGES.notANumber,
      [key('IntegerPosNeg')]: FIELD_MESSAGES.notAWholeNumber,
      [key('IntegerDecimalPos')]: FIELD_MESSAGES.notNegative,
      [key('Long')]: FIELD_MESSAGES.numberMax('9223372036854775807'),
      [key('NotEmpty')]: MESSAGES.requiredEmpty,
      [key('AssetReference')]: FIELD_MESSAGES.assetReference,
    });
    expect((await carla.get(`/assets/${assetId}/form`)).body.values).toEqual({});
    const unknown = await carla.put(`/assets/${assetId}/form`, { values: { [key('nope')]: 'x' } });
    expect(unknown.body.error.fields[key('nope')]).toBe(FIELD_MESSAGES.unknownField);
  });

  it('saves good values, running the On Submit and On Post Save rules; a viewer may read but not save', async () => {
    const values = {
      [key('SuggestDictionary')]: 'Stavanger',
      [key('ForceDictionary')]: 'oslo',
      [key('StringNotEmpty')]: 'Harbour at dawn',
      [key('NotEmpty')]: 'yes',
      [key('Date')]: '2026-11-26T08:15',
      [key('IntegerDecimalPos')]: ' 2.5 ',
      [key('AssetReference')]: String(otherId),
    };
    const saved = await carla.put(`/assets/${assetId}/form`, { values });
    expect(saved.status).toBe(200);
    expect(saved.body.values).toEqual({
      ...values,
      [key('IntegerDecimalPos')]: '2.5',
      [key('String')]: 'Stavanger',
      [key('DataBlock')]: 'reviewed',
    });
    expect((await vic.get(`/assets/${assetId}/form`)).body.values).toEqual(saved.body.values);
    expect((await vic.put(`/assets/${assetId}/form`, { values })).status).toBe(403);
    const asset = await carla.get(`/assets/${assetId}`);
    expect(asset.body.metadata.fields[key('String')]).toBe('Stavanger');
  });

  it('lists, changes and deletes forms; the values stay on the asset', async () => {
    const [photo] = (await admin.get('/admin/forms')).body;
    const { id: _id, ...body } = photo;
    const renamed = await admin.put(`/admin/forms/${photo.id}`, {
      ...body,
      name: 'Photo 2',
      assignments: [],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Photo 2', assignments: [] });
    expect((await carla.get(`/assets/${assetId}/form`)).body.form).toBeNull();
    expect((await admin.delete(`/admin/forms/${photo.id}`)).status).toBe(200);
    expect((await admin.delete(`/admin/forms/${photo.id}`)).status).toBe(404);
    expect(Object.keys((await carla.get(`/assets/${assetId}/form`)).body.values)).toHaveLength(9);
  });
});
