import { loadingDockFolderName } from '../../api/platform-settings.ts';

const DOCK_FOLDERS = [
  loadingDockFolderName({ prefixWorkFolders: false }),
  loadingDockFolderName({ prefixWorkFolders: true }),
];

/**
 * True for a storage-relative path in the loading dock, under either name (the setting may change while docks
 * exist): prepared downloads, never assets, so the index, reconcile and ingest leave them alone.
 */
export function inLoadingDock(storagePath: string): boolean {
  const top = storagePath.replace(/^\/+/, '').split('/')[0] ?? '';
  return DOCK_FOLDERS.includes(top);
}
