import { renameSteps, stagedCopySteps, trashSteps } from '../intents/file-steps.ts';
import type { IntentKind } from '../intents/intents.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { parentOf } from './acl-scope.ts';
import { copyTreeRows, ensureFolderRow, rewritePaths, trashTreeRows } from './folder-queries.ts';

// The folder operations as intents (intents/intents.ts): what finishes or undoes each after a crash.

/** A folder moved or renamed: one rename of its directory, then its rows and every row below it re-rooted. */
export const folderMoveIntent: IntentKind<{ from: string; to: string }> = {
  ...renameSteps,
  name: 'folder.move',
  async rows(trx, { from, to }) {
    await ensureFolderRow(trx, parentOf(to));
    await rewritePaths(trx, from, to);
  },
};

/** A folder renamed: a move within its parent, under a name of its own. */
export const folderRenameIntent: IntentKind<{ from: string; to: string }> = {
  ...folderMoveIntent,
  name: 'folder.rename',
};

/**
 * A folder copied: the tree is copied under a hidden name beside the target (never indexed) and renamed into place
 * whole, so the target exists only once complete; then the copies' rows.
 */
export const folderCopyIntent: IntentKind<{ from: string; to: string; staging: string }> = {
  ...stagedCopySteps,
  name: 'folder.copy',
  async rows(trx, { from, to }) {
    const id = await ensureFolderRow(trx, to);
    await copyTreeRows(trx, from, to);
    // Files the index did not know yet are picked up by a reconcile of the copy.
    await queueJob(trx, 'storage.reconcile', { path: to });
    return id;
  },
};

/** A folder deleted: its directory moves into the trash whole, then its assets are marked trashed. */
export const folderDeleteIntent: IntentKind<{ path: string; key: string }> = {
  ...trashSteps,
  name: 'folder.delete',
  async rows(trx, { path, key }) {
    await trashTreeRows(trx, path, key);
  },
};

/** The folder operations recovery knows, listed by the wiring into `services.intentKinds`. */
export const FOLDER_INTENTS = [
  folderMoveIntent,
  folderRenameIntent,
  folderCopyIntent,
  folderDeleteIntent,
] as IntentKind<never>[];
