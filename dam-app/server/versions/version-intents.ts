import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { CheckIn } from '../../api/versions.ts';
import { findAsset, metadataColumns, updateAssetRow } from '../assets/asset-queries.ts';
import { hashFile } from '../assets/hash-file.ts';
import { ingestFile } from '../assets/ingest.ts';
import type { Database } from '../db/schema.ts';
import type { IntentKind } from '../intents/intents.ts';
import { notify } from '../notifications/notify.ts';
import { completeTask } from '../tasks/task-service.ts';
import { checkoutSource } from '../tasks/task-sources.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import { setCurrentVersion, setVersionSize, setVersionState } from './version-queries.ts';

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
      await setVersionSize(trx, payload.versionId, size);
    }
    await applyMetadata(trx, payload.assetId, payload.metadata);
    await setCurrentVersion(trx, payload.assetId, payload.number, payload.userId);
    await setVersionState(trx, payload.versionId, 'completed');
    // The check-in returns the check-out: its task is done. Followers hear of the version with it.
    await completeTask(trx, checkoutSource(payload.assetId));
    const asset = await findAsset(trx, payload.assetId);
    if (asset) {
      await notify(trx, services.config, {
        type: 'Version',
        actorId: payload.userId,
        subject: `${asset.name} (${payload.number})`,
        target: { kind: 'asset', id: payload.assetId },
        about: { assetId: payload.assetId, path: asset.path },
      });
      await workflowEvent(trx, 'versioned', { id: payload.assetId, path: asset.path }, services);
    }
  },
  async abandonRows(trx, payload) {
    await setVersionState(trx, payload.versionId, 'failed');
  },
  async cleanup(services, payload) {
    if (payload.staged && payload.replacement) await services.tree.remove(payload.replacement);
  },
};

/** A version restore: a check-in of the old content the server staged, under a name of its own. */
export const versionRestoreIntent: IntentKind<CheckInPayload> = { ...checkInIntent, name: 'version.restore' };

async function applyMetadata(db: Kysely<Database>, assetId: number, metadata: CheckIn['metadata'] | null) {
  if (metadata) await updateAssetRow(db, assetId, metadataColumns(metadata));
}

/** The version operations recovery knows, listed by the wiring into `services.intentKinds`. */
export const VERSION_INTENTS = [checkInIntent, versionRestoreIntent] as IntentKind<never>[];
