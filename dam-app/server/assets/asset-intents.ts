import { baseName, parentOf } from '../folders/acl-scope.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { renameSteps, stagedCopySteps, trashSteps } from '../intents/file-steps.ts';
import type { IntentKind } from '../intents/intents.ts';
import { finishMove } from '../storage/local-area.ts';
import { copyAssetRows, updateAssetRow } from './asset-queries.ts';

// The asset file operations as intents (intents/intents.ts): what finishes or undoes each after a crash.

/** An asset moved or renamed: one rename of its file, then its row. */
export const assetMoveIntent: IntentKind<{ assetId: number; from: string; to: string; name: string }> = {
  ...renameSteps,
  name: 'asset.move',
  async rows(trx, { assetId, to, name }) {
    const folderId = await ensureFolderRow(trx, parentOf(to));
    await updateAssetRow(trx, assetId, {
      path: to,
      file_name: baseName(to),
      name,
      folder_id: folderId,
      updated_at: new Date(),
    });
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
export const assetTrashIntent: IntentKind<{ assetId: number; path: string; key: string }> = {
  ...trashSteps,
  name: 'asset.trash',
  async rows(trx, { assetId, key }) {
    await updateAssetRow(trx, assetId, { status: 'trashed', trashed_at: new Date(), trash_key: key });
  },
};

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
