import { stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { HealthCheck } from '../../api/health.ts';
import { loadingDockFolderName } from '../../api/platform-settings.ts';
import type { DamServices } from '../services.ts';
import type { LocalStorageArea } from '../storage/local-area.ts';

/** The areas whose free space matters: originals (the storage root), the loading dock, the renditions. */
export async function diskChecks(services: DamServices): Promise<HealthCheck[]> {
  const { config } = services;
  const renditions = services.storage.renditions;
  const areas = {
    storage: config.storageRoot,
    dock: await dockFolder(config.storageRoot),
    // An area in an object store has no disk of ours to watch.
    ...('root' in renditions ? { renditions: (renditions as LocalStorageArea).root } : {}),
  };
  return Promise.all(
    Object.entries(areas).map(async ([area, path]): Promise<HealthCheck> => {
      const base = { kind: 'disk' as const, target: area };
      try {
        const disk = await statfs(path);
        const freeBytes = disk.bavail * disk.bsize;
        const facts = {
          path,
          freeBytes,
          totalBytes: disk.blocks * disk.bsize,
          minFreeBytes: config.diskMinFreeBytes,
        };
        return freeBytes < config.diskMinFreeBytes
          ? {
              ...base,
              facts,
              status: 'red',
              reason: 'low_space',
              detail: `${freeBytes} bytes free under ${path}.`,
            }
          : { ...base, facts, status: 'green', reason: 'ok', detail: '' };
      } catch (error) {
        return {
          ...base,
          facts: { path },
          status: 'red',
          reason: 'unreachable',
          detail: (error as Error).message,
        };
      }
    }),
  );
}

/** The dock folder under whichever name exists (the prefix setting may change); before any dock, the storage root. */
async function dockFolder(storageRoot: string): Promise<string> {
  for (const prefixWorkFolders of [false, true]) {
    const path = join(storageRoot, loadingDockFolderName({ prefixWorkFolders }));
    if ((await stat(path).catch(() => undefined))?.isDirectory()) return path;
  }
  return storageRoot;
}
