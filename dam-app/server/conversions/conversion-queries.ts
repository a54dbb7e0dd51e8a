import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A version with its asset: what a conversion reads and names its output after. */
export const versionWithAsset = (db: Kysely<Database>, versionId: number) =>
  db
    .selectFrom('asset_versions as v')
    .innerJoin('assets as a', 'a.id', 'v.asset_id')
    .select([
      'v.id as versionId',
      'v.content_hash as versionHash',
      'v.storage_key as versionKey',
      'v.file_name as versionFileName',
      'a.id as assetId',
      'a.path',
      'a.kind',
      'a.content_hash as assetHash',
    ])
    .where('v.id', '=', versionId)
    .executeTakeFirst();

/** The latest completed version holding the asset's current content. */
export const currentVersion = (db: Kysely<Database>, assetId: number, contentHash: string) =>
  db
    .selectFrom('asset_versions')
    .select('id')
    .where('asset_id', '=', assetId)
    .where('content_hash', '=', contentHash)
    .where('state', '=', 'completed')
    .orderBy('number', 'desc')
    .executeTakeFirst();

export const assetsByIds = (db: Kysely<Database>, ids: number[]) =>
  ids.length ? db.selectFrom('assets').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

export const conversionRow = (db: Kysely<Database>, versionId: number, presetId: number) =>
  db
    .selectFrom('conversions')
    .selectAll()
    .where('version_id', '=', versionId)
    .where('preset_id', '=', presetId)
    .executeTakeFirst();

export interface ConversionState {
  state: 'converting' | 'ready' | 'failed';
  revision: number;
  storageKey?: string | null;
  fileName?: string | null;
  mediaType?: string | null;
  size?: number | null;
  error?: string | null;
}

/** Records where one conversion stands; the last writer wins (every writer converged on the same output). */
export async function saveConversion(
  db: Kysely<Database>,
  versionId: number,
  presetId: number,
  state: ConversionState,
) {
  const values = {
    preset_revision: state.revision,
    state: state.state,
    storage_key: state.storageKey ?? null,
    file_name: state.fileName ?? null,
    media_type: state.mediaType ?? null,
    size: state.size ?? null,
    error: state.error ?? null,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('conversions')
    .values({ version_id: versionId, preset_id: presetId, ...values })
    .onConflict((oc) => oc.columns(['version_id', 'preset_id']).doUpdateSet(values))
    .execute();
}
