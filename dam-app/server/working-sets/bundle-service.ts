import { lstat } from 'node:fs/promises';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import type { Principal } from '../access/principal.ts';
import { assertMayDownload } from '../access/transfer-gates.ts';
import { ApiError, conflict, notFound } from '../api/api-error.ts';
import type { ZipEntry } from '../downloads/zip-entries.ts';
import type { DamServices } from '../services.ts';
import { activeAssetFiles } from './collection-queries.ts';
import { visibleCollection, visibleMemberIds } from './collection-service.ts';

export interface BundleFile {
  assetId: number;
  /** The asset's path in the originals tree. */
  path: string;
  /** Its name in the delivered folder: two assets with one file name become "name.ext" and "name (2).ext". */
  name: string;
  size: number;
}

export interface Bundle {
  collectionId: number;
  /** The folder the bundle arrives in: the collection's name, made safe as one path segment. */
  folder: string;
  files: BundleFile[];
  totalSize: number;
}

/** The collection's name as a folder name: no separators or reserved characters, no leading or trailing period. */
export const bundleFolderName = (name: string) =>
  name
    .replace(/[\\/:*"?<>|\p{Cc}]/gu, '_')
    .replace(/^\.+|\.+$/g, '_')
    .slice(0, 200) || 'bundle';

/**
 * A bundle is a collection marked `bundle` (R-BUNDLE): its assets are delivered together, as one folder named after
 * it, by Standard Download (one zip) or through the loading dock (one prepared download). What the person may not
 * see is left out; a bundle with nothing left cancels the download with the R-BUNDLE text.
 */
export async function resolveBundle(
  services: DamServices,
  principal: Principal,
  id: number,
): Promise<Bundle> {
  const collection = await visibleCollection(services, principal, id);
  if (!collection.bundle) throw conflict('not_a_bundle', ASSET_MESSAGES.notABundle);
  const ids = await visibleMemberIds(services, principal, id);
  const rows = await activeAssetFiles(services.db, ids);
  if (rows.length === 0) throw new ApiError(404, 'bundle_empty', ASSET_MESSAGES.bundleEmpty);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const used = new Set<string>();
  const files: BundleFile[] = [];
  for (const assetId of ids) {
    const row = byId.get(assetId);
    if (!row) continue;
    let name = row.file_name;
    for (let n = 2; used.has(name.toLowerCase()); n++)
      name = row.file_name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    used.add(name.toLowerCase());
    files.push({ assetId: row.id, path: row.path, name, size: Number(row.size) });
  }
  return {
    collectionId: id,
    folder: bundleFolderName(collection.name),
    files,
    totalSize: files.reduce((sum, file) => sum + file.size, 0),
  };
}

/**
 * What a Standard Download of the bundle zips: every file, under the bundle's folder. A bundle is delivered whole: a
 * member whose file vanished since the last reconcile stops the download.
 */
export async function bundleZipEntries(services: DamServices, principal: Principal, id: number) {
  assertMayDownload(services.config, principal);
  const bundle = await resolveBundle(services, principal, id);
  const entries: ZipEntry[] = [];
  for (const file of bundle.files) {
    const absolute = services.tree.absolute(file.path);
    const info = await lstat(absolute).catch(() => undefined);
    if (!info?.isFile()) throw notFound('file');
    entries.push({
      name: `${bundle.folder}/${file.name}`,
      absolute,
      size: info.size,
      lastModified: info.mtime,
    });
  }
  return { folder: bundle.folder, entries };
}
