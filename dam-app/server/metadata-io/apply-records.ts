import type { Kysely } from 'kysely';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { DB_INT_MAX } from '../../api/db-safe.ts';
import { valueProblem } from '../../api/field-validators.ts';
import { type Form, type FormField, fieldKey } from '../../api/forms.ts';
import { FIELD_MESSAGES, METADATA_IO_MESSAGES } from '../../api/messages.ts';
import { IMPORT_ERRORS_KEPT, IMPORT_PREVIEW_ROWS, type ImportPreview } from '../../api/metadata-io.ts';
import type { Principal } from '../access/principal.ts';
import type { Database } from '../db/schema.ts';
import { knownWords } from '../dictionaries/dictionary-queries.ts';
import { aclRoot, isUnder, parentOf } from '../folders/acl-scope.ts';
import { assignedForm } from '../forms/form-service.ts';
import type { DamServices } from '../services.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import * as queries from './metadata-io-queries.ts';
import type { ImportRecord } from './metadata-records.ts';

/** How many records one statement (and, when applied, one transaction) handles. */
const BATCH = 2000;

export type ImportTally = ImportPreview;

const emptyTally = (): ImportTally => ({
  rows: 0,
  changing: 0,
  unchanged: 0,
  errorCount: 0,
  errors: [],
  changes: [],
});

type FieldsByKey = Map<string, FormField> | null;

/** The fields of the form an asset's folder uses for bulk edit, else for the asset view (as stamps do, R-STAMP). */
async function folderFields(services: DamServices, path: string): Promise<FieldsByKey> {
  const form: Form | null =
    (await assignedForm(services, path, 'bulkEdit')) ?? (await assignedForm(services, path, 'view'));
  return form
    ? new Map(form.tabs.flatMap((tab) => tab.fields).map((field) => [fieldKey(field), field]))
    : null;
}

const validId = (text: string) => /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= DB_INT_MAX;

/**
 * R-METADATA-IMPORT: the records applied in file order, or (with `apply` false) what they would change. A record
 * changes one asset the person may see and change (not checked out by another), each changed value through its
 * field's validator in its folder's form; an empty value clears the field. A record with any problem changes
 * nothing and is reported with its row; the others are applied. Values equal to the stored ones are not written,
 * so importing an export changes nothing.
 */
export async function applyRecords(
  services: DamServices,
  principal: Principal,
  records: ImportRecord[],
  match: 'id' | 'path',
  apply: boolean,
  onBatch?: (tally: ImportTally) => Promise<void>,
): Promise<ImportTally> {
  const tally = emptyTally();
  const forms = new Map<string, FieldsByKey>();
  const root = aclRoot(principal);
  const watched = apply && (await queries.metadataWorkflowsExist(services.db));
  const report = (row: number, message: string, field?: string) => {
    tally.errorCount += 1;
    if (tally.errors.length < IMPORT_ERRORS_KEPT)
      tally.errors.push({ row, message, ...(field ? { field } : {}) });
  };
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    tally.rows += batch.length;
    const keys = [
      ...new Set(
        batch
          .filter((record) => !record.problem && (match === 'path' || validId(record.match)))
          .map((record) => record.match),
      ),
    ];
    // The forms are read before the transaction: on PGlite a read outside it would wait for it (one connection).
    for (const asset of await queries.assetsToImport(services.db, match, keys, false)) {
      const folder = parentOf(asset.path);
      if (!forms.has(folder)) forms.set(folder, await folderFields(services, asset.path));
    }
    const run = async (db: Kysely<Database>) => {
      const assets = await queries.assetsToImport(db, match, keys, apply);
      const byKey = new Map(assets.map((asset) => [match === 'id' ? String(asset.id) : asset.path, asset]));
      const working = new Map<number, Record<string, string>>();
      // First pass: what each record would change; the dictionary words and referenced assets it needs.
      const planned = batch.map((record) => {
        if (record.problem) return { record, problem: record.problem };
        const asset = byKey.get(
          match === 'id' && validId(record.match) ? String(Number(record.match)) : record.match,
        );
        if (!asset || !isUnder(root, asset.path) || !forms.has(parentOf(asset.path)))
          return { record, problem: METADATA_IO_MESSAGES.noAsset };
        if (asset.checked_out_by !== null && asset.checked_out_by !== principal.user.id)
          return { record, problem: ASSET_MESSAGES.inUse };
        const fields = forms.get(parentOf(asset.path)) ?? null;
        const current = working.get(asset.id) ?? { ...(asset.fields ?? {}) };
        working.set(asset.id, current);
        const changes = record.values.filter(([key, value]) => (current[key] ?? '') !== value);
        return { record, asset, fields, current, changes };
      });
      const forced: { dictionaryId: number; word: string }[] = [];
      const referenced: number[] = [];
      for (const plan of planned)
        for (const [key, value] of plan.changes ?? []) {
          const validator = plan.fields?.get(key)?.validator;
          if (validator?.kind === 'ForceDictionary' && validator.dictionaryId !== undefined && value.trim())
            forced.push({ dictionaryId: validator.dictionaryId, word: value.trim() });
          if (validator?.kind === 'AssetReference' && validId(value.trim()))
            referenced.push(Number(value.trim()));
        }
      const known = await knownWords(db, forced);
      const visible = new Set(
        (referenced.length ? await queries.livePaths(db, [...new Set(referenced)]) : [])
          .filter((each) => isUnder(root, each.path))
          .map((each) => each.id),
      );
      // Second pass, in file order: each record's changes checked, then applied to the asset's working values.
      const changed = new Map<number, { id: number; path: string }>();
      for (const plan of planned) {
        if (plan.problem !== undefined || !plan.asset) {
          report(plan.record.row, plan.problem ?? METADATA_IO_MESSAGES.noAsset);
          continue;
        }
        const current = plan.current;
        const changes = plan.changes.filter(([key, value]) => (current[key] ?? '') !== value);
        if (!changes.length) {
          tally.unchanged += 1;
          continue;
        }
        const problems = changes.flatMap(([key, value]) => {
          const field = plan.fields?.get(key);
          const problem = !plan.fields
            ? FIELD_MESSAGES.noForm
            : !field
              ? FIELD_MESSAGES.unknownField
              : valueProblem(field.validator, value, {
                  inDictionary: (id, word) => known.has(`${id}:${word.toLowerCase()}`),
                  assetExists: (id) => visible.has(id),
                });
          return problem ? [{ key, problem }] : [];
        });
        if (problems.length) {
          for (const { key, problem } of problems) report(plan.record.row, problem, key);
          continue;
        }
        tally.changing += 1;
        for (const [key, to] of changes) {
          if (tally.changes.length < IMPORT_PREVIEW_ROWS)
            tally.changes.push({
              row: plan.record.row,
              assetId: plan.asset.id,
              key,
              from: current[key] ?? '',
              to,
            });
          if (to === '') delete current[key];
          else current[key] = to;
        }
        changed.set(plan.asset.id, plan.asset);
      }
      if (apply && changed.size) {
        await queries.replaceFieldValues(
          db,
          [...changed.keys()].map((id) => ({ id, fields: working.get(id) ?? {} })),
        );
        if (watched) for (const asset of changed.values()) await workflowEvent(db, 'metadataChanged', asset);
      }
    };
    if (apply) await services.db.transaction().execute(run);
    else await run(services.db);
    await onBatch?.(tally);
  }
  return tally;
}
