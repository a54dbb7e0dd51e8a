import { loadingDockFolderName } from '../../api/platform-settings.ts';
import { readPlatformSettings } from '../platform-settings/platform-settings-service.ts';
import type { DamServices } from '../services.ts';

/**
 * The storage-relative folder new docks go to (R-DOCK-PLACE): `LoadingDock`, or `~$LoadingDock` when an administrator
 * turned on work-folder prefixing (`mb.prefix.work.folders`, R-PLATFORM-SETTINGS).
 */
export async function loadingDockFolder(services: DamServices): Promise<string> {
  return loadingDockFolderName(await readPlatformSettings(services.db));
}
