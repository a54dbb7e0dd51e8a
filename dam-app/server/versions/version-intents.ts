import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { CheckIn } from '../../api/versions.ts';
import { hashFile } from '../assets/hash-file.ts';
import { ingestFile, keywordVector } from '../assets/ingest.ts';
import type { Database } from '../db/schema.ts';
import type { IntentKind } from '../intents/intents.ts';

export interface CheckInPayload {
  assetId: number;
  versionId: number;
  number: number;
  userId: number;
  /** The asset's storage-relative path. */
  path: string;
  oldHash: string;
  newHash: string;
  /** Storage-relative path of the new content, renamed onto `path`; null for a metadata-only version. */
  replacement: string | null;
  /** The replacement was staged by the server (Drive, version restore): removed once the intent ends. */
  staged: boolean;
  metadata: CheckIn['metadata'] | null;
}

const changesContent = (payload: CheckInPayload) =>
  payload.replacement !== null && payload.newHash !== payload.oldHash;

/**
 * A check-in (or a version restore): the old bytes are kept in the versions area, the replacement is renamed onto
 * the original in one step, then the rows (content, metadata, version, lock). The file's hash tells a restart which
 * side of the rename the crash was on: finished with the new content, or the version marked failed.
 */
export const checkInIntent: IntentKind<CheckInPayload> = {
  name: 'asset.checkin',
  paths: (payload) => [payload.path, ...(payload.replacement ? [payload.replacement] : [])],
  async filesDone(services, payload) {
    if (!changesContent(payload)) return true;
    return (await hashFile(services.tree.absolute(payload.path))) === payload.newHash;
  },
  async prepare(services, payload) {
    if (changesContent(payload)) await ingestFile(services, payload.path);
  },
  async rows(trx, payload, services) {
    if (changesContent(payload)) {
      const { size } = await stat(services.tree.absolute(payload.path));
      await trx.updateTable('asset_versions').set({ size }).where('id', '=', payload.versionId).execute();
    }
    await applyMetadata(trx, payload.assetId, payload.metadata);
    await trx
      .updateTable('assets')
      .set({
        version_number: payload.number,
        checked_out_by: null,
        checked_out_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', payload.assetId)
      .where((eb) => eb.or([eb('checked_out_by', 'is', null), eb('checked_out_by', '=', payload.userId)]))
      .execute();
    await trx
      .updateTable('asset_versions')
      .set({ state: 'completed' })
      .where('id', '=', payload.versionId)
      .execute();
  },
  async abandonRows(trx, payload) {
    await trx
      .updateTable('asset_versions')
      .set({ state: 'failed' })
      .where('id', '=', payload.versionId)
      .execute();
  },
  async cleanup(services, payload) {
    if (payload.staged && payload.replacement) await services.tree.remove(payload.replacement);
  },
};

/** A version restore: a check-in of the old content the server staged, under a name of its own. */
export const versionRestoreIntent: IntentKind<CheckInPayload> = { ...checkInIntent, name: 'version.restore' };

async function applyMetadata(db: Kysely<Database>, assetId: number, metadata: CheckIn['metadata'] | null) {
  if (!metadata) return;
  const keywords = metadata.keywords ? [...new Set(metadata.keywords)] : undefined;
  await db
    .updateTable('assets')
    .set({
      ...(metadata.name === undefined ? {} : { name: metadata.name }),
      ...(metadata.description === undefined ? {} : { description: metadata.description }),
      ...(keywords ? { keywords, keyword_search: keywordVector(keywords) } : {}),
    })
    .where('id', '=', assetId)
    .execute();
}

/** The version operations recovery knows, listed by the wiring into `services.intentKinds`. */
export const VERSION_INTENTS = [checkInIntent, versionRestoreIntent] as IntentKind<never>[];
