import type { Kysely } from 'kysely';
import { valueProblem } from '../../api/field-validators.ts';
import { type FormState, initialState, runRules } from '../../api/form-rules.ts';
import {
  type FieldValues,
  type Form,
  type FormUse,
  fieldKey,
  formAssignmentSchema,
  formRuleSchema,
  formSchema,
  formTabSchema,
  type SaveForm,
} from '../../api/forms.ts';
import { FIELD_MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, invalid } from '../api/api-error.ts';
import { changeableAsset } from '../assets/asset-operations.ts';
import { visibleAsset, visibleAssetIds } from '../assets/asset-records.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { knownWords, wordsWithPrefix } from '../dictionaries/dictionary-queries.ts';
import type { DamServices } from '../services.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import * as queries from './form-queries.ts';

const formNotFound = () => new ApiError(404, 'not_found', FIELD_MESSAGES.formNotFound);
const nameTaken = () => conflict('form_exists', FIELD_MESSAGES.formNameExists, 'name');

async function formViews(db: Kysely<Database>, id?: number): Promise<Form[]> {
  const rows = await queries.formRows(db, id);
  const assignments = await queries.assignmentRows(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    formSchema.parse({
      id: row.id,
      name: row.name,
      description: row.description,
      tabs: formTabSchema.array().parse(row.tabs),
      rules: formRuleSchema.array().parse(row.rules),
      assignments: assignments
        .filter((each) => each.form_id === row.id)
        .map((each) => formAssignmentSchema.parse({ folderId: each.folder_id, use: each.use })),
    }),
  );
}

async function formById(db: Kysely<Database>, id: number): Promise<Form> {
  const [form] = await formViews(db, id);
  if (!form) throw formNotFound();
  return form;
}

export const listForms = (services: DamServices) => formViews(services.db);

/** The dictionaries a form's fields and rules use: while it does, they cannot be deleted. */
const dictionariesOf = (body: SaveForm) => [
  ...new Set(
    [
      ...body.tabs.flatMap((tab) => tab.fields.map((field) => field.validator.dictionaryId)),
      ...body.rules.map((rule) => rule.dictionaryId),
    ].filter((id) => id !== undefined),
  ),
];

/** The folders and dictionaries a form names must exist (404 `folder_not_found`, 400 for a dictionary). */
async function checkLinks(db: Kysely<Database>, body: SaveForm) {
  const folderIds = [...new Set(body.assignments.map((each) => each.folderId))];
  if ((await queries.existingFolderIds(db, folderIds)).length !== folderIds.length)
    throw new ApiError(
      404,
      'folder_not_found',
      FIELD_MESSAGES.formCheckSchema,
      'An assigned folder does not exist.',
    );
  const dictionaryIds = dictionariesOf(body);
  if ((await queries.existingDictionaryIds(db, dictionaryIds)).length !== dictionaryIds.length)
    throw invalid({ dictionaryId: FIELD_MESSAGES.dictionaryMissing });
  return dictionaryIds;
}

/** One folder has one form per use: the same (folder, use) named twice is one assignment. */
const uniqueAssignments = (body: SaveForm) => [
  ...new Map(body.assignments.map((each) => [`${each.folderId}:${each.use}`, each])).values(),
];

const rowOf = (body: SaveForm): queries.FormRowInput => ({
  name: body.name,
  description: body.description,
  tabs: body.tabs,
  rules: body.rules,
});

export async function createForm(services: DamServices, principal: Principal, body: SaveForm, ip: string) {
  const id = await services.db.transaction().execute(async (trx) => {
    const dictionaryIds = await checkLinks(trx, body);
    const id = await queries.insertForm(trx, rowOf(body));
    if (id === undefined) throw nameTaken();
    await queries.replaceLinks(trx, id, uniqueAssignments(body), dictionaryIds);
    await audit(trx, { actorId: principal.user.id, event: 'form_saved', target: body.name, ip });
    return id;
  });
  return formById(services.db, id);
}

export async function updateForm(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SaveForm,
  ip: string,
) {
  await services.db
    .transaction()
    .execute(async (trx) => {
      const dictionaryIds = await checkLinks(trx, body);
      if ((await queries.updateFormRow(trx, id, rowOf(body))) === undefined) throw formNotFound();
      await queries.replaceLinks(trx, id, uniqueAssignments(body), dictionaryIds);
      await audit(trx, { actorId: principal.user.id, event: 'form_saved', target: body.name, ip });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return formById(services.db, id);
}

export async function deleteForm(services: DamServices, principal: Principal, id: number, ip: string) {
  const name = await queries.deleteFormRow(services.db, id);
  if (name === undefined) throw formNotFound();
  await audit(services.db, { actorId: principal.user.id, event: 'form_deleted', target: name, ip });
}

/** The form assigned for a use to the folder of an asset at `path` (or the nearest folder above it), or null. */
export async function assignedForm(services: DamServices, path: string, use: FormUse) {
  const id = await queries.formIdForPath(services.db, path, use);
  return id === undefined ? null : formById(services.db, id);
}

/**
 * R-WORKSPACE-UPLOAD-FORM: an upload's form — its folder's upload form (R-FORM-ASSIGN), else the upload form of the
 * workspace it was started in.
 */
export async function uploadFormFor(services: DamServices, path: string, workspaceId: number | null) {
  const folder = await assignedForm(services, path, 'upload');
  if (folder || workspaceId === null) return folder;
  const id = await queries.workspaceUploadFormId(services.db, workspaceId);
  return id === null ? null : formById(services.db, id);
}

/** The form the asset's folder uses (R-FORM-ASSIGN) and the asset's values, for a person who may see the asset. */
export async function assetForm(services: DamServices, principal: Principal, assetId: number, use: FormUse) {
  const asset = await visibleAsset(services, principal, assetId);
  const form = await assignedForm(services, asset.path, use);
  return { form, values: await queries.storedFieldValues(services.db, asset.id) };
}

/** The dictionary's word that a text spells (case aside), for the set-from-dictionary rule. */
const dictionaryLookup = (services: DamServices) => async (dictionaryId: number, text: string) =>
  (await wordsWithPrefix(services.db, dictionaryId, text, 1)).find(
    (word) => word.toLowerCase() === text.toLowerCase(),
  );

/**
 * The server's check of a save (R-FIELD-VALIDATORS): every visible field through its validator, with the dictionary
 * words and the assets the person may see that only the server knows; a field a rule requires must not be empty.
 */
async function fieldProblems(services: DamServices, principal: Principal, form: Form, state: FormState) {
  const fields = form.tabs.flatMap((tab) => tab.fields).filter((field) => !state.hidden.has(fieldKey(field)));
  const trimmedValue = (key: string) => (state.values[key] ?? '').trim();
  const forced = fields
    .filter(
      (field) => field.validator.kind === 'ForceDictionary' && field.validator.dictionaryId !== undefined,
    )
    .map((field) => ({
      dictionaryId: field.validator.dictionaryId as number,
      word: trimmedValue(fieldKey(field)),
    }))
    .filter((pair) => pair.word !== '');
  const known = await knownWords(services.db, forced);
  const referenced = fields
    .filter((field) => field.validator.kind === 'AssetReference')
    .map((field) => Number(trimmedValue(fieldKey(field))))
    .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  const visible = new Set(await visibleAssetIds(services, principal, referenced));
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const key = fieldKey(field);
    const validator = state.required.has(key) ? { ...field.validator, notEmpty: true } : field.validator;
    const problem = valueProblem(validator, state.values[key] ?? '', {
      inDictionary: (id, word) => known.has(`${id}:${word.toLowerCase()}`),
      assetExists: (id) => visible.has(id),
    });
    if (problem) problems[key] = problem;
  }
  return problems;
}

/**
 * Saves an asset's field values through its form: the given values over the stored ones, the On Load then On Submit
 * rules, every field re-validated (the web's check is a convenience), stored, then the On Post Save rules' changes
 * stored too.
 */
export async function saveAssetFields(
  services: DamServices,
  principal: Principal,
  assetId: number,
  given: FieldValues,
) {
  const asset = await changeableAsset(services, principal, assetId);
  const form = await assignedForm(services, asset.path, 'view');
  if (!form) throw conflict('no_form', FIELD_MESSAGES.noForm);
  const keys = new Set(form.tabs.flatMap((tab) => tab.fields.map(fieldKey)));
  const unknown = Object.keys(given).filter((key) => !keys.has(key));
  if (unknown.length)
    throw invalid(Object.fromEntries(unknown.map((key) => [key, FIELD_MESSAGES.unknownField])));
  const lookup = dictionaryLookup(services);
  const stored = await queries.storedFieldValues(services.db, asset.id);
  let state = await runRules(form, 'load', initialState(form, { ...stored, ...given }), { lookup });
  state = await runRules(form, 'submit', state, { lookup });
  const problems = await fieldProblems(services, principal, form, state);
  if (Object.keys(problems).length) throw invalid(problems, 'invalid_fields');
  const trimmed = (values: FieldValues) =>
    Object.fromEntries(
      [...keys].map((key) => [key, (values[key] ?? '').trim()]).filter(([, value]) => value !== ''),
    );
  const saved = trimmed(state.values);
  await queries.saveFieldValues(services.db, asset.id, saved);
  const after = trimmed((await runRules(form, 'postSave', { ...state, values: saved }, { lookup })).values);
  if (JSON.stringify(after) !== JSON.stringify(saved))
    await queries.saveFieldValues(services.db, asset.id, after);
  if (await workflowEvent(services.db, 'metadataChanged', asset)) services.jobs.kick();
  return { form, values: after };
}
