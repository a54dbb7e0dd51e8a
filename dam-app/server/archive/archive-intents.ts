import { createWriteStream } from 'node:fs';
import { lstat, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { stagedCopySteps } from '../intents/file-steps.ts';
import type { IntentKind } from '../intents/intents.ts';
import type { DamServices } from '../services.ts';
import { hasArchive, removeArchive, setArchived } from './archive-queries.ts';

// R-ARCHIVE as operation intents (intents/intents.ts): a server killed mid-archive or mid-restore loses nothing.
// Archive: copy the original to the archive tier, check it whole there, then remove it from the tree; the row says
// "archived" in the transaction that ends the intent. Restore: copy back under a hidden name, rename into place, end
// the archive row; only then is the archive copy deleted.

interface ArchivePayload {
  assetId: number;
  path: string;
  key: string;
  size: number;
}

/** The archive tier holds the whole original (its size) under `key`. */
const archivedWhole = async (services: DamServices, { key, size }: ArchivePayload) =>
  (await services.storage.archive.stat(key))?.size === size;

export const assetArchiveIntent: IntentKind<ArchivePayload> = {
  name: 'asset.archive',
  paths: ({ path }) => [path],
  async filesDone(services, payload) {
    if (!(await archivedWhole(services, payload))) return false;
    // Killed between the copy and the removal: the copy is whole, so the original goes now.
    await services.tree.remove(payload.path);
    return true;
  },
  async rows(trx, { assetId, key, size }) {
    await setArchived(trx, assetId, key, size);
  },
  async undo(services, { path, key }) {
    // Only while the original is still in the tree is the archive copy a spare.
    if (await services.tree.exists(path)) await services.storage.archive.delete(key);
  },
};

/** Copies the archived original into the tree under `staging` (a hidden name), whole and checked. */
export async function copyBack(services: DamServices, { key, staging, size }: RestorePayload): Promise<void> {
  const target = services.tree.absolute(staging);
  await mkdir(dirname(target), { recursive: true });
  await pipeline(await services.storage.archive.read(key), createWriteStream(target));
  if ((await lstat(target)).size !== size) throw new Error(`The archive copy of ${key} is not whole.`);
}

export interface RestorePayload extends ArchivePayload {
  staging: string;
}

export const assetUnarchiveIntent: IntentKind<RestorePayload> = {
  name: 'asset.unarchive',
  paths: ({ path, staging }) => [path, staging],
  filesDone: (services, { path, staging }) => stagedCopySteps.filesDone(services, { to: path, staging }),
  async rows(trx, { assetId }) {
    await removeArchive(trx, assetId);
  },
  async undo(services, { staging }) {
    // Never the asset's path: whatever is there is either the restored original or not ours.
    await services.tree.remove(staging);
  },
  async cleanup(services, { assetId, key }) {
    // Restored (its archive row is gone): the archive copy is no longer needed.
    if (!(await hasArchive(services.db, assetId))) await services.storage.archive.delete(key);
  },
};

export const ARCHIVE_INTENTS = [assetArchiveIntent, assetUnarchiveIntent] as IntentKind<never>[];
