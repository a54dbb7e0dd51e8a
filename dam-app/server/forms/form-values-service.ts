import { valueProblem } from '../../api/field-validators.ts';
import {
  type ApplyFormValues,
  type FieldValues,
  type Form,
  type FormUse,
  fieldKey,
} from '../../api/forms.ts';
import { FIELD_MESSAGES } from '../../api/messages.ts';
import { can, type Principal } from '../access/principal.ts';
import { mayUpload } from '../access/transfer-gates.ts';
import { forbidden, invalid, notFound } from '../api/api-error.ts';
import { assertNotLockedByOther, visibleAssetIds } from '../assets/asset-records.ts';
import { knownWords } from '../dictionaries/dictionary-queries.ts';
import { parentOf } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import * as queries from './form-queries.ts';
import { assignedForm, uploadFormFor } from './form-service.ts';

/**
 * R-FORM-ASSIGN for a selection: the form each asset's folder uses, the first of `uses` assigned (bulk edit falls
 * back on nothing; a stamp on the asset view's form), keyed by folder. R-WORKSPACE-UPLOAD-FORM: an asset an upload
 * made in a workspace (`workspaceId`) falls back on the workspace's upload form, so the key holds the workspace too.
 */
async function formsByFolder(
  services: DamServices,
  paths: readonly { path: string; workspaceId?: number | null }[],
  uses: FormUse[],
) {
  const forms = new Map<string, Form | null>();
  for (const { path, workspaceId = null } of paths) {
    const key = `${parentOf(path)}\u0000${workspaceId ?? ''}`;
    if (forms.has(key)) continue;
    let form: Form | null = null;
    for (const use of uses) {
      form =
        use === 'upload'
          ? await uploadFormFor(services, path, workspaceId)
          : await assignedForm(services, path, use);
      if (form) break;
    }
    forms.set(key, form);
  }
  return forms;
}

/**
 * R-FIELD-VALIDATORS over a selection: each value checked by its field's validator in the form of every asset's folder
 * (dictionary words and referenced assets asked of the database); with `everyField`, the fields not given are checked
 * as empty, so a NotEmpty field must be filled (the upload form). One problem per field, for the whole selection.
 */
export async function selectionValueProblems(
  services: DamServices,
  principal: Principal,
  paths: readonly { path: string; workspaceId?: number | null }[],
  values: FieldValues,
  uses: FormUse[],
  everyField = false,
) {
  const problems: Record<string, string> = {};
  for (const form of (await formsByFolder(services, paths, uses)).values()) {
    const fields = new Map(
      (form?.tabs.flatMap((tab) => tab.fields) ?? []).map((field) => [fieldKey(field), field]),
    );
    const checked = everyField
      ? { ...Object.fromEntries([...fields.keys()].map((key) => [key, ''])), ...values }
      : values;
    const forced = [...fields.values()]
      .filter(
        (field) => field.validator.kind === 'ForceDictionary' && field.validator.dictionaryId !== undefined,
      )
      .map((field) => ({
        dictionaryId: field.validator.dictionaryId as number,
        word: (checked[fieldKey(field)] ?? '').trim(),
      }))
      .filter((pair) => pair.word !== '');
    const known = await knownWords(services.db, forced);
    const referenced = Object.values(checked)
      .map((value) => Number(value.trim()))
      .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
    const visible = new Set(await visibleAssetIds(services, principal, referenced));
    for (const [key, value] of Object.entries(checked)) {
      if (problems[key]) continue;
      const field = fields.get(key);
      const problem = !form
        ? FIELD_MESSAGES.noForm
        : !field
          ? FIELD_MESSAGES.unknownField
          : valueProblem(field.validator, value, {
              inDictionary: (id, word) => known.has(`${id}:${word.toLowerCase()}`),
              assetExists: (id) => visible.has(id),
            });
      if (problem) problems[key] = problem;
    }
  }
  return problems;
}

/**
 * Applies form values to a selection through the form its folders use for bulk edit or for the upload (R-FORM-ASSIGN,
 * R-BULK-EDIT): every asset one the person may see and change (file actions, nobody else's check-out), every value
 * through its field's validator for every asset — for the upload form every field, so a required one must be filled —
 * or nothing changes. The values are merged into the assets' form values in the transaction that holds their rows;
 * each asset that changes starts its `metadataChanged` workflows.
 */
export async function applyFormValues(services: DamServices, principal: Principal, body: ApplyFormValues) {
  const ids = [...new Set(body.assetIds)];
  // R-UPLOAD-FORM: the uploader describes what their own uploads made with the upload form, file actions or not.
  const ownUpload =
    body.use === 'upload' &&
    mayUpload(services.config, principal) &&
    (await queries.countUploadedBy(services.db, principal.user.id, ids)) === ids.length;
  if (!ownUpload && !can(principal, 'file actions')) throw forbidden();
  if ((await visibleAssetIds(services, principal, ids)).length !== ids.length) throw notFound('asset');
  const values = Object.fromEntries(Object.entries(body.values).map(([key, value]) => [key, value.trim()]));
  // The forms are read before the transaction: on PGlite a read outside it would wait for it (one connection).
  const workspaces =
    body.use === 'upload'
      ? await queries.uploadWorkspacesOf(services.db, principal.user.id, ids)
      : new Map<number, number>();
  const paths = (await queries.assetPaths(services.db, ids)).map((asset) => ({
    ...asset,
    workspaceId: workspaces.get(asset.id) ?? null,
  }));
  const problems = await selectionValueProblems(
    services,
    principal,
    paths,
    values,
    [body.use],
    body.use === 'upload',
  );
  if (Object.keys(problems).length) throw invalid(problems, 'invalid_fields');
  // An upload form's empty fields are not written: an empty value is no value.
  const written = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const updated = await services.db.transaction().execute(async (trx) => {
    const assets = await queries.lockAssetFields(trx, ids);
    if (assets.length !== ids.length) throw notFound('asset');
    for (const asset of assets) assertNotLockedByOther(asset, principal);
    const changed = assets.filter((asset) =>
      Object.entries(written).some(([key, value]) => (asset.fields?.[key] ?? '') !== value),
    );
    if (changed.length === 0) return 0;
    await queries.mergeFieldValues(
      trx,
      changed.map((asset) => asset.id),
      written,
    );
    for (const asset of changed) await workflowEvent(trx, 'metadataChanged', asset);
    return changed.length;
  });
  if (updated) services.jobs.kick();
  return { assets: ids.length, updated };
}
