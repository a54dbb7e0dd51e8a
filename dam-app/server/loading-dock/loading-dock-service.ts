import { statfs } from 'node:fs/promises';
import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { LOADING_DOCK_MAX_BYTES, type prepareDownloadSchema } from '../../api/loading-dock.ts';
import type { Principal } from '../access/principal.ts';
import { assertMayDownload } from '../access/transfer-gates.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { convertForDownload } from '../conversions/request-service.ts';
import type { DamServices } from '../services.ts';
import type { LocalStorageArea } from '../storage/local-area.ts';
import { resolveBundle } from '../working-sets/bundle-service.ts';
import { cleanLoadingDock, LOADING_DOCK_TTL_SECONDS } from './cleanup.ts';
import { human, reserveDock } from './dock-quota.ts';
import * as queries from './loading-dock-queries.ts';

/** My prepared downloads, latest first. */
export async function listDocks(services: DamServices, principal: Principal) {
  const rows = await queries.ownDocks(services.db, principal.user.id);
  return rows.map((dock) => ({
    loadingDockId: dock.id,
    notificationId: dock.notification_id,
    totalSize: Number(dock.total_size),
    files: dock.files.map((file) => file.key),
    state: dock.done_at ? ('done' as const) : ('ready' as const),
    createdAt: dock.created_at.toISOString(),
    expiresAt: new Date(dock.created_at.getTime() + LOADING_DOCK_TTL_SECONDS * 1000).toISOString(),
  }));
}

/**
 * Copies the chosen assets (by ids, a cart's, a bundle's) into a new dock, within the size limit, the disk's free
 * space and the user's quota; a copy that fails gives the reservation back at once.
 */
export async function prepareDownload(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof prepareDownloadSchema>,
) {
  assertMayDownload(services.config, principal);
  let requested = body.ids ?? [];
  if (body.cartId !== undefined) {
    const inCart = await queries.ownCartAssetIds(services.db, principal.user.id, body.cartId);
    if (!inCart) throw notFound('cart');
    requested = [...requested, ...inCart];
  }
  // A bundle arrives whole, in its own folder of the dock; loose assets and carts beside it.
  const bundle =
    body.bundleId === undefined ? undefined : await resolveBundle(services, principal, body.bundleId);
  const ids = await visibleAssetIds(services, principal, requested);
  // Until the dock places its files by a job (h26-dock), conversions are made here, in the request.
  const converted = body.conversions?.length
    ? await convertForDownload(services, principal, body.conversions)
    : [];
  const failures = converted.flatMap((each) =>
    'failure' in each ? [{ assetId: each.assetId, message: each.failure }] : [],
  );
  const made = converted.flatMap((each) => ('failure' in each ? [] : [each]));
  if (ids.length === 0 && !bundle && made.length === 0) {
    if (failures[0]) throw new ApiError(422, 'conversion_failed', failures[0].message);
    throw new ApiError(400, 'search_empty', ASSET_MESSAGES.searchEmpty);
  }
  const loose = ids.length ? await queries.activeAssetFiles(services.db, ids) : [];
  const assets: { id: number; path: string; file_name: string; size: string | number; absolute?: string }[] =
    [
      ...loose,
      ...(bundle?.files.map((file) => ({
        id: file.assetId,
        path: file.path,
        file_name: `${bundle.folder}/${file.name}`,
        size: file.size,
      })) ?? []),
      ...made.map((file) => ({
        id: file.assetId,
        path: '',
        file_name: file.fileName,
        size: file.size,
        absolute: file.path,
      })),
    ];
  const total = assets.reduce((sum, asset) => sum + Number(asset.size), 0);
  if (total > LOADING_DOCK_MAX_BYTES)
    throw new ApiError(413, 'loading_dock_too_large', ASSET_MESSAGES.loadingDockTooLarge);
  const area = services.storage.loadingDock as LocalStorageArea;
  const disk = await statfs(area.root);
  const free = Number(disk.bavail) * Number(disk.bsize);
  if (total > free)
    throw new ApiError(
      507,
      'loading_dock_no_space',
      ASSET_MESSAGES.loadingDockNoSpace(human(total), human(free)),
      undefined,
      {
        details: { requestedBytes: total, freeBytes: free },
      },
    );
  const row = await reserveDock(services, principal.user.id, total);
  const { notificationId } = row;
  const used = new Set<string>();
  const files: queries.DockFile[] = [];
  try {
    for (const asset of assets) {
      // Two assets with one file name get distinct names in the dock: "name (2).ext".
      let name = asset.file_name;
      for (let n = 2; used.has(name); n++) name = asset.file_name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
      used.add(name);
      const key = `${notificationId}/${name}`;
      files.push({ assetId: asset.id, key, fileName: name, size: Number(asset.size) });
      await services.storage.loadingDock.putFile(key, asset.absolute ?? services.tree.absolute(asset.path));
    }
  } catch (error) {
    // The reservation is given back at once: its files go and the dock is done.
    await queries.setDockFiles(services.db, row.id, files);
    await cleanLoadingDock(services, { dockId: row.id }).catch(() => {});
    throw error;
  }
  await queries.setDockFiles(services.db, row.id, files);
  return {
    loadingDockId: row.id,
    notificationId,
    totalSize: total,
    files: files.map((file) => file.key),
    ...(failures.length ? { failures } : {}),
  };
}

/** One open dock of mine, for the download workflow. */
export async function openDock(services: DamServices, principal: Principal, notificationId: string) {
  const dock = await queries.ownDock(services.db, principal.user.id, notificationId, true);
  if (!dock) throw notFound('loading dock');
  return {
    loadingDockId: dock.id,
    notificationId: dock.notification_id,
    totalSize: Number(dock.total_size),
    files: dock.files.map((file) => file.key),
  };
}

/** The done callback: the dock's leftover files go. */
export async function finishDock(services: DamServices, principal: Principal, notificationId: string) {
  const dock = await queries.ownDock(services.db, principal.user.id, notificationId, false);
  if (!dock) throw notFound('loading dock');
  await cleanLoadingDock(services, { dockId: dock.id });
}
