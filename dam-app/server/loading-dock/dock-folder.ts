import type { DamServices } from '../services.ts';
import { loadingDockFolderName } from '../storage/work-folders.ts';

/**
 * The one read of `mb.prefix.work.folders` for the dock (R-DOCK-PLACE). Today the DAM has no such setting and
 * prefixing is off; once h26-rules' platform settings are merged, this (or `loadingDockFolder` below, via
 * `loadingDockFolderName(await readPlatformSettings(services.db))` from api/platform-settings.ts) reads them.
 */
export async function prefixWorkFolders(_services: DamServices): Promise<boolean> {
  return false;
}

/** The storage-relative folder new docks go to: `LoadingDock`, or `~$LoadingDock` with prefixing on. */
export async function loadingDockFolder(services: DamServices): Promise<string> {
  return loadingDockFolderName(await prefixWorkFolders(services));
}
