import type { Kysely } from 'kysely';
import { FIELD_MESSAGES } from '../../api/messages.ts';
import {
  type SaveStamp,
  STAMP_PREVIEW_ROWS,
  STAMP_RUNS_LISTED,
  type Stamp,
  type StampResult,
  type StampRun,
  type StampUndoResult,
  stampSchema,
} from '../../api/stamps.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, conflict, forbidden, invalid, notFound } from '../api/api-error.ts';
import { assertNotLockedByOther, visibleAssetIds } from '../assets/asset-records.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { assetPaths, lockAssetFields, mergeFieldValues } from '../forms/form-queries.ts';
import { selectionValueProblems } from '../forms/form-values-service.ts';
import { metadataWorkflowsWatch } from '../metadata-io/metadata-io-service.ts';
import type { DamServices } from '../services.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import * as queries from './stamp-queries.ts';

const stampNotFound = () => new ApiError(404, 'not_found', FIELD_MESSAGES.stampNotFound);
const nameTaken = () => conflict('stamp_exists', FIELD_MESSAGES.stampNameExists, 'name');

const stampView = (row: { id: number; name: string; values: unknown[] }): Stamp =>
  stampSchema.parse({ id: row.id, name: row.name, values: row.values });

async function stampById(db: Kysely<Database>, id: number) {
  const [row] = await queries.stampRows(db, id);
  if (!row) throw stampNotFound();
  return stampView(row);
}

export const listStamps = async (services: DamServices) =>
  (await queries.stampRows(services.db)).map(stampView);

export async function createStamp(services: DamServices, principal: Principal, body: SaveStamp, ip: string) {
  const id = await queries.insertStamp(services.db, body);
  if (id === undefined) throw nameTaken();
  await audit(services.db, { actorId: principal.user.id, event: 'stamp_saved', target: body.name, ip });
  return stampById(services.db, id);
}

export async function updateStamp(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SaveStamp,
  ip: string,
) {
  const updated = await queries.updateStampRow(services.db, id, body).catch((error: unknown) => {
    throw isUniqueViolation(error) ? nameTaken() : error;
  });
  if (updated === undefined) throw stampNotFound();
  await audit(services.db, { actorId: principal.user.id, event: 'stamp_saved', target: body.name, ip });
  return stampById(services.db, id);
}

export async function deleteStamp(services: DamServices, principal: Principal, id: number, ip: string) {
  const name = await queries.deleteStampRow(services.db, id);
  if (name === undefined) throw stampNotFound();
  await audit(services.db, { actorId: principal.user.id, event: 'stamp_deleted', target: name, ip });
}

/**
 * Applies a stamp to a selection, or previews it (R-STAMP): every asset must be one the person may see and change
 * (the file actions permission, nobody else's check-out), and every value must pass its form's validator for every
 * asset, or nothing changes. The values are merged into the assets' form values in one statement, in the transaction
 * that holds the assets' rows, and each asset that changes starts its `metadataChanged` workflows.
 */
export async function stampAssets(
  services: DamServices,
  principal: Principal,
  stampId: number,
  assetIds: number[],
  apply: boolean,
): Promise<StampResult> {
  if (!can(principal, 'file actions')) throw forbidden();
  const stamp = await stampById(services.db, stampId);
  const ids = [...new Set(assetIds)];
  if ((await visibleAssetIds(services, principal, ids)).length !== ids.length) throw notFound('asset');
  const values = Object.fromEntries(stamp.values.map((each) => [each.key, each.value.trim()]));
  // The forms are read before the transaction: on PGlite a read outside it would wait for it (one connection).
  // R-STAMP: the form its folder uses for bulk edit, else for the asset view, must have each field.
  const problems = await selectionValueProblems(
    services,
    principal,
    await assetPaths(services.db, ids),
    values,
    ['bulkEdit', 'view'],
  );
  if (Object.keys(problems).length) throw invalid(problems, 'invalid_fields');
  const watched = apply && (await metadataWorkflowsWatch(services));
  const result = await services.db.transaction().execute(async (trx) => {
    const assets = await lockAssetFields(trx, ids);
    if (assets.length !== ids.length) throw notFound('asset');
    for (const asset of assets) assertNotLockedByOther(asset, principal);
    const changes = assets.flatMap((asset) =>
      Object.entries(values)
        .map(([key, to]) => ({ assetId: asset.id, key, from: asset.fields?.[key] ?? '', to }))
        .filter((change) => change.from !== change.to),
    );
    let runId: number | undefined;
    if (apply && changes.length) {
      const changed = new Set(changes.map((change) => change.assetId));
      await mergeFieldValues(trx, [...changed], values);
      // R-STAMP-UNDO: what each changed field held before, so the run can be undone.
      const befores = new Map<number, Record<string, string>>();
      for (const change of changes)
        befores.set(change.assetId, { ...befores.get(change.assetId), [change.key]: change.from });
      runId = await queries.insertStampRun(
        trx,
        { stampId: stamp.id, stampName: stamp.name, actorId: principal.user.id, values },
        [...befores].map(([assetId, before]) => ({ assetId, before })),
      );
      if (watched)
        for (const asset of assets)
          if (changed.has(asset.id)) await workflowEvent(trx, 'metadataChanged', asset);
    }
    return {
      assets: assets.length,
      changed: changes.length,
      changes: changes.slice(0, STAMP_PREVIEW_ROWS),
      applied: apply,
      ...(runId === undefined ? {} : { runId }),
    };
  });
  if (apply && result.changed) services.jobs.kick();
  return result;
}

/**
 * R-STAMP-UNDO: undoes a stamp run — each asset it changed gets its stamped fields' values from before the run back,
 * unless one of them changed since (or someone else has the asset checked out): those assets stay as they are and are
 * listed. Only the person who applied the stamp, or an administrator, undoes it; a run is undone once.
 */
export async function undoStampRun(
  services: DamServices,
  principal: Principal,
  runId: number,
): Promise<StampUndoResult> {
  if (!can(principal, 'file actions')) throw forbidden();
  const watched = await metadataWorkflowsWatch(services);
  const result = await services.db.transaction().execute(async (trx) => {
    const run = await queries.lockStampRun(trx, runId);
    if (!run) throw stampNotFound();
    if (run.actor_id !== principal.user.id && !principal.user.is_admin) throw forbidden();
    if (run.undone_at) throw conflict('stamp_run_undone', FIELD_MESSAGES.stampRunUndone);
    const befores = new Map(
      (await queries.stampRunAssets(trx, runId)).map((row) => [row.asset_id, row.before]),
    );
    const assets = await lockAssetFields(trx, [...befores.keys()]);
    const changedSince: number[] = [];
    let restored = 0;
    for (const asset of assets) {
      const before = befores.get(asset.id) ?? {};
      const untouched =
        (asset.checked_out_by === null || asset.checked_out_by === principal.user.id) &&
        Object.keys(before).every((key) => (asset.fields?.[key] ?? '') === run.values[key]);
      if (!untouched) {
        changedSince.push(asset.id);
        continue;
      }
      await queries.restoreFieldValues(trx, asset.id, before);
      if (watched) await workflowEvent(trx, 'metadataChanged', asset);
      restored++;
    }
    await queries.markStampRunUndone(trx, runId);
    return { restored, changedSince };
  });
  if (result.restored) services.jobs.kick();
  return result;
}

/** R-STAMP-RUNS: the past stamp runs for the administrator's list (Undo there is `undoStampRun`). */
export const listStampRuns = async (services: DamServices): Promise<StampRun[]> =>
  (await queries.stampRunRows(services.db, STAMP_RUNS_LISTED)).map((row) => ({
    id: row.id,
    stampName: row.stamp_name,
    actor: row.username,
    createdAt: row.created_at.toISOString(),
    assets: Number(row.assets ?? 0),
    undoneAt: row.undone_at?.toISOString() ?? null,
  }));
