import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { baseName, parentOf } from '../folders/acl-scope.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { renameSteps, stagedCopySteps, trashSteps } from '../intents/file-steps.ts';
import type { IntentKind } from '../intents/intents.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import { finishMove } from '../storage/local-area.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import { copyAssetRows, updateAssetRow } from './asset-queries.ts';

// The asset file operations as intents (intents/intents.ts): what finishes or undoes each after a crash.

/** An asset moved or renamed: one rename of its file, then its row. */
export const assetMoveIntent: IntentKind<{
  assetId: number;
  from: string;
  to: string;
  name: string;
  /** Moved by a workflow's run: it starts no `moved` workflows, so workflows cannot move an asset in a loop. */
  byWorkflow?: boolean;
}> = {
  ...renameSteps,
  name: 'asset.move',
  async rows(trx, { assetId, from, to, name, byWorkflow }) {
    const folderId = await ensureFolderRow(trx, parentOf(to));
    await updateAssetRow(trx, assetId, {
      path: to,
      file_name: baseName(to),
      name,
      folder_id: folderId,
      updated_at: new Date(),
    });
    if (!byWorkflow && parentOf(from) !== parentOf(to))
      await workflowEvent(trx, 'moved', { id: assetId, path: to });
  },
};

/** An asset copied: the file is copied under a hidden name (never indexed), renamed into place, then its rows. */
export const assetCopyIntent: IntentKind<{ assetId: number; to: string; staging: string }> = {
  ...stagedCopySteps,
  name: 'asset.copy',
  async rows(trx, { assetId, to }) {
    return copyAssetRows(trx, assetId, await ensureFolderRow(trx, parentOf(to)), to);
  },
};

/** An asset deleted: its file moves into the trash, then its row is marked trashed. */
export const assetTrashIntent: IntentKind<TrashPayload> = {
  ...trashSteps,
  name: 'asset.trash',
  async rows(trx, payload, services) {
    await updateAssetRow(trx, payload.assetId, {
      status: 'trashed',
      trashed_at: new Date(),
      trash_key: payload.key,
    });
    await notifyDeleted(trx, services, payload);
    await workflowEvent(trx, 'deleted', { id: payload.assetId, path: payload.path }, services);
  },
};

/** A trash intent's payload; `actorId` and `name` (for the Delete notification) are absent from older intents. */
export interface TrashPayload {
  assetId: number;
  path: string;
  key: string;
  actorId?: number;
  name?: string;
}

/** Followers of a deleted asset hear of it, in the transaction that marks it trashed. */
export function notifyDeleted(
  trx: Kysely<Database>,
  services: DamServices,
  payload: Omit<TrashPayload, 'key'>,
) {
  return notify(trx, services.config, {
    type: 'Delete',
    actorId: payload.actorId ?? null,
    subject: payload.name ?? baseName(payload.path),
    target: { kind: 'asset', id: payload.assetId },
    about: { assetId: payload.assetId, path: payload.path },
  });
}

/** An asset restored from the trash: its file moves back (its folder recreated), then its row is active again. */
export const assetRestoreIntent: IntentKind<{ assetId: number; key: string; target: string }> = {
  name: 'asset.restore',
  paths: ({ target }) => [target],
  async filesDone(services, { target }) {
    return finishMove(services.tree.absolute(target));
  },
  async rows(trx, { assetId, target }) {
    const folderId = await ensureFolderRow(trx, parentOf(target));
    await updateAssetRow(trx, assetId, {
      status: 'active',
      path: target,
      folder_id: folderId,
      trash_key: null,
      trashed_at: null,
    });
  },
  async undo(services, { key, target }) {
    if (await services.tree.exists(target))
      await services.storage.trash.adopt(key, services.tree.absolute(target));
  },
};

/** The asset operations recovery knows, listed by the wiring into `services.intentKinds`. */
export const ASSET_INTENTS = [
  assetMoveIntent,
  assetCopyIntent,
  assetTrashIntent,
  assetRestoreIntent,
] as IntentKind<never>[];
