/** The loading dock's folder at the top of the storage root (the transfer node's docroot), R-DOCK-PLACE. */
export const LOADING_DOCK_FOLDER = 'LoadingDock';

/** R-TRANSFER-PATH: with work-folder prefixing on (`mb.prefix.work.folders`) the dock's folder is `~$LoadingDock`. */
export function loadingDockFolderName(prefixWorkFolders: boolean): string {
  return prefixWorkFolders ? `~$${LOADING_DOCK_FOLDER}` : LOADING_DOCK_FOLDER;
}

const DOCK_FOLDERS = [loadingDockFolderName(false), loadingDockFolderName(true)];

/**
 * True for a storage-relative path in the loading dock, under either name (the setting may change while docks
 * exist): prepared downloads, never assets, so the index, reconcile and ingest leave them alone.
 */
export function inLoadingDock(storagePath: string): boolean {
  const top = storagePath.replace(/^\/+/, '').split('/')[0] ?? '';
  return DOCK_FOLDERS.includes(top);
}
