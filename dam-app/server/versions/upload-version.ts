import { rename, stat } from 'node:fs/promises';
import { ingestFile } from '../assets/ingest.ts';
import type { DamServices } from '../services.ts';
import { keepCurrentBytes, snapshot, startNextVersion } from './version-operations.ts';
import {
  lockLiveAsset,
  setCurrentVersion,
  setVersionSize,
  setVersionState,
  type VersionState,
} from './version-queries.ts';

/**
 * An upload whose name was taken becomes a new version of the asset there, as a check-in with a replacement file
 * does: version rows started → in progress → completed, the current bytes kept in the versions area first, then the
 * uploaded file (`landedPath`, beside the original) renamed into its place. Someone else's lock, taken since the
 * caller looked, wins: then nothing changes and `undefined` says so. The uploader's own lock is kept. (A clip exported
 * as a version goes through its own crash intent: video-timeline/clip-intents.ts.)
 */
export async function versionFromUpload(
  services: DamServices,
  userId: number,
  assetId: number,
  landedPath: string,
  newHash: string,
  message?: string,
): Promise<number | undefined> {
  const opened = await services.db.transaction().execute(async (trx) => {
    const asset = await lockLiveAsset(trx, assetId);
    if (!asset || (asset.checked_out_by !== null && asset.checked_out_by !== userId)) return undefined;
    const version = await startNextVersion(trx, asset, userId, newHash, {
      name: '',
      comment: '',
      message: message ?? `Uploaded again as ${asset.file_name}`,
      category: 'Parent',
      metadata: snapshot(asset),
    });
    return { asset, version };
  });
  if (!opened) return undefined;
  const { asset, version } = opened;
  const setState = (state: VersionState) => setVersionState(services.db, version.id, state);
  try {
    await setState('in progress');
    await keepCurrentBytes(services, asset);
    // One rename: a reader sees the old file or the new one, and the old one is already in the versions area.
    await rename(services.tree.absolute(landedPath), services.tree.absolute(asset.path));
    await ingestFile(services, asset.path);
    const size = (await stat(services.tree.absolute(asset.path))).size;
    await setVersionSize(services.db, version.id, size);
    await setCurrentVersion(services.db, asset.id, version.number);
    await setState('completed');
  } catch (error) {
    await setState('failed');
    throw error;
  }
  return version.number;
}
