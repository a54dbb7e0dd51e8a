import { mkdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { DamConfig } from '../config/config.ts';
import { LocalStorageArea } from './local-area.ts';
import { parseS3Url, S3StorageArea } from './s3-area.ts';
import type { StorageAreas } from './storage-area.ts';

/**
 * The areas of one DAM home. Only the originals are under the storage root (the node's docroot); the others sit
 * beside it under `DAM_HOME/areas`, so the transfer node never serves a version, a rendition or the trash. The
 * loading dock is a folder of the storage root the node serves (storage/work-folders.ts), not an area.
 */
export async function createStorageAreas(config: DamConfig): Promise<StorageAreas> {
  const areasRoot = join(config.home, 'areas');
  const storageRoot = resolve(config.storageRoot);
  const inside = relative(storageRoot, resolve(areasRoot));
  if (inside === '' || (!inside.startsWith(`..${sep}`) && inside !== '..'))
    throw new Error(`The storage areas (${areasRoot}) must not be inside the storage root (${storageRoot}).`);
  const areas: StorageAreas = {
    originals: new LocalStorageArea('originals', storageRoot),
    versions: new LocalStorageArea('versions', join(areasRoot, 'versions')),
    renditions: new LocalStorageArea('renditions', join(areasRoot, 'renditions')),
    trash: new LocalStorageArea('trash', join(areasRoot, 'trash')),
    conversions: new LocalStorageArea('conversions', join(areasRoot, 'conversions')),
    archive: config.archiveUrl
      ? new S3StorageArea('archive', parseS3Url(config.archiveUrl))
      : new LocalStorageArea('archive', join(areasRoot, 'archive')),
  };
  for (const area of Object.values(areas))
    if (area instanceof LocalStorageArea) await mkdir(area.root, { recursive: true });
  return areas;
}
