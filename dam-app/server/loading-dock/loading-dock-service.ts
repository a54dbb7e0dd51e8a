import { randomBytes } from 'node:crypto';
import { lstat, mkdir, stat, statfs } from 'node:fs/promises';
import { downloadZip, predictLength } from 'client-zip';
import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { isDbId } from '../../api/db-safe.ts';
import {
  type dockDownloadQuerySchema,
  LOADING_DOCK_MAX_ASSETS,
  LOADING_DOCK_MAX_BYTES,
  type prepareDownloadSchema,
} from '../../api/loading-dock.ts';
import { TRANSFER_MESSAGES } from '../../api/transfer-messages.ts';
import { isBulkDownload } from '../../api/transfer-paths.ts';
import { assertMayDownloadAssets } from '../access/download-grants.ts';
import type { Principal } from '../access/principal.ts';
import { mayDownload } from '../access/transfer-gates.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import type { LoadingDock, LoadingDockItem } from '../db/schema.ts';
import { attachment } from '../downloads/content-disposition.ts';
import { zipInputs } from '../downloads/zip-entries.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { inLoadingDock } from '../storage/work-folders.ts';
import { askPermissionWorkflows } from '../workflows/permission-workflows.ts';
import { resolveBundle } from '../working-sets/bundle-service.ts';
import { cleanLoadingDock, DOCK_CLEANUP_DELAY_SECONDS, LOADING_DOCK_TTL_SECONDS } from './cleanup.ts';
import { loadingDockFolder } from './dock-folder.ts';
import { human, reserveDock } from './dock-quota.ts';
import * as queries from './loading-dock-queries.ts';

/** A dock as the API shows it: its state, sizes, the files placed and how each item went. */
export function dockView(dock: LoadingDock) {
  return {
    loadingDockId: dock.id,
    notificationId: dock.notification_id,
    state: dock.done_at ? ('done' as const) : dock.state,
    totalSize: Number(dock.total_size),
    placedSize: Number(dock.placed_size),
    files: dock.files.filter((item) => (item.state ?? 'placed') === 'placed').map((item) => item.key),
    items: dock.files.map((item) => ({
      assetId: item.assetId,
      fileName: item.fileName,
      size: item.size,
      presetId: item.presetId ?? null,
      state: item.state ?? ('placed' as const),
      ...(item.message ? { message: item.message } : {}),
    })),
  };
}

/** My prepared downloads, latest first. */
export async function listDocks(services: DamServices, principal: Principal) {
  const rows = await queries.ownDocks(services.db, principal.user.id);
  return rows.map((dock) => ({
    ...dockView(dock),
    createdAt: dock.created_at.toISOString(),
    expiresAt: new Date(dock.created_at.getTime() + LOADING_DOCK_TTL_SECONDS * 1000).toISOString(),
  }));
}

type Wanted = {
  id: number;
  path: string;
  fileName: string;
  size: number;
  presetId: number | null;
  /** Made for the dock in the conversions area (an exported clip), placed from there. */
  sourceKey?: string;
};

/** The assets a request names (ids, items with a preset, a cart, a bundle), each visible to the principal. */
async function wantedFiles(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof prepareDownloadSchema>,
): Promise<Wanted[]> {
  const presets = new Map<number, number | null>();
  for (const item of body.items ?? []) presets.set(item.assetId, item.presetId ?? null);
  let requested = [...(body.ids ?? []), ...presets.keys()];
  if (body.cartId !== undefined) {
    const inCart = await queries.ownCartAssetIds(services.db, principal.user.id, body.cartId);
    if (!inCart) throw notFound('cart');
    requested = [...requested, ...inCart];
  }
  // A bundle arrives whole, in its own folder of the dock; loose assets and carts beside it.
  const bundle =
    body.bundleId === undefined ? undefined : await resolveBundle(services, principal, body.bundleId);
  // R-DOCK-LIMITS: ids, a cart and a bundle together count against the download maximum.
  if (new Set(requested).size + (bundle?.files.length ?? 0) > LOADING_DOCK_MAX_ASSETS)
    throw new ApiError(400, 'download_maximum', ASSET_MESSAGES.downloadMaximumReached);
  const ids = await visibleAssetIds(services, principal, requested);
  if (ids.length === 0 && !bundle) throw new ApiError(400, 'search_empty', ASSET_MESSAGES.searchEmpty);
  const loose = ids.length ? await queries.activeAssetFiles(services.db, ids) : [];
  return [
    ...loose.map((asset) => ({
      id: asset.id,
      path: asset.path,
      fileName: asset.file_name,
      size: Number(asset.size),
      presetId: presets.get(asset.id) ?? null,
    })),
    ...(bundle?.files.map((file) => ({
      id: file.assetId,
      path: file.path,
      fileName: `${bundle.folder}/${file.name}`,
      size: file.size,
      presetId: null,
    })) ?? []),
  ];
}

/**
 * R-DOCK-PLACE, R-DOCK-LIMITS: a new dock for the chosen assets, within the size limit, the dock disk's free space
 * and the user's download maximum. The request only checks and writes the dock (row, clean-up, placement job);
 * the files are placed by the job, so the answer comes at once, in state `preparing`.
 */
export async function prepareDownload(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof prepareDownloadSchema>,
) {
  // without the permission, loose assets an approved request grants may still be prepared.
  const named = [...(body.ids ?? []), ...(body.items ?? []).map((item) => item.assetId)];
  const grantsOnly = body.cartId === undefined && body.bundleId === undefined;
  if (!mayDownload(services.config, principal))
    await assertMayDownloadAssets(services.db, services.config, principal, grantsOnly ? named : []);
  const wanted = await wantedFiles(services, principal, body);
  await askPermissionWorkflows(
    services,
    principal,
    'download',
    wanted.map((file) => file.id),
  );
  return placeDock(services, principal.user.id, wanted);
}

/**
 * The assets an approved request to download grants the requestor, put into a new dock of theirs:
 * the approver's decision delivers them. The assets need not be visible to the requestor's ACL: the grant is the
 * permission.
 */
export async function prepareGrantedDock(services: DamServices, userId: number, assetIds: number[]) {
  const rows = await queries.activeAssetFiles(services.db, assetIds);
  if (rows.length === 0) return undefined;
  return placeDock(
    services,
    userId,
    rows.map((asset) => ({
      id: asset.id,
      path: asset.path,
      fileName: asset.file_name,
      size: Number(asset.size),
      presetId: null,
    })),
  );
}

/**
 * R-CLIP-EXPORT: a file made in the conversions area for an asset (an exported clip) put into a new dock of the
 * person's, as a conversion's output is: within the dock's limits, placed by the placement job, announced when ready.
 */
export async function prepareMadeFileDock(
  services: DamServices,
  userId: number,
  file: { assetId: number; fileName: string; size: number; key: string },
) {
  return placeDock(services, userId, [
    {
      id: file.assetId,
      path: '',
      fileName: file.fileName,
      size: file.size,
      presetId: null,
      sourceKey: file.key,
    },
  ]);
}

async function placeDock(services: DamServices, userId: number, wanted: Wanted[]) {
  const total = wanted.reduce((sum, file) => sum + file.size, 0);
  if (total > LOADING_DOCK_MAX_BYTES)
    throw new ApiError(413, 'loading_dock_too_large', ASSET_MESSAGES.loadingDockTooLarge);
  const dockRoot = services.tree.absolute(await loadingDockFolder(services));
  await mkdir(dockRoot, { recursive: true });
  const { neededBytes, freeBytes } = await spaceFor(services, dockRoot, wanted);
  if (neededBytes > freeBytes)
    throw new ApiError(
      507,
      'loading_dock_no_space',
      ASSET_MESSAGES.loadingDockNoSpace(human(neededBytes), human(freeBytes)),
      undefined,
      { details: { requestedBytes: neededBytes, freeBytes } },
    );
  const notificationId = randomBytes(12).toString('base64url');
  const folder = `${await loadingDockFolder(services)}/${notificationId}`;
  const used = new Set<string>();
  const items: LoadingDockItem[] = wanted.map((file) => {
    // Two assets with one file name get distinct names in the dock: "name (2).ext".
    let name = file.fileName;
    for (let n = 2; used.has(name); n++) name = file.fileName.replace(/(\.[^./]*)?$/, ` (${n})$1`);
    used.add(name);
    return {
      assetId: file.id,
      key: `${folder}/${name}`,
      fileName: name,
      size: file.size,
      source: file.path,
      presetId: file.presetId,
      ...(file.sourceKey ? { sourceKey: file.sourceKey } : {}),
      state: 'pending',
    };
  });
  const row = await reserveDock(services, userId, { notificationId, folder, total, items });
  services.jobs.kick();
  const dock = await queries.dockById(services.db, row.id);
  if (!dock) throw notFound('loading dock');
  return { ...dockView(dock), neededBytes, freeBytes };
}

/**
 * R-DOCK-LIMITS what a dock takes of its disk: nothing for a file that will be hard-linked (same file system, links
 * on), its size for one that will be copied (and for a conversion, whose output is not known yet: the original's
 * size stands for it). Free space is what an unprivileged writer may use (statfs `bavail`).
 */
async function spaceFor(services: DamServices, dockRoot: string, wanted: Wanted[]) {
  const disk = await statfs(dockRoot);
  const freeBytes = Number(disk.bavail) * Number(disk.bsize);
  const dockDevice = (await stat(dockRoot)).dev;
  let neededBytes = 0;
  for (const file of wanted) {
    const linked =
      services.config.loadingDockLinks &&
      file.presetId === null &&
      (await lstat(sourcePath(services, file)).catch(() => undefined))?.dev === dockDevice;
    if (!linked) neededBytes += file.size;
  }
  return { neededBytes, freeBytes };
}

const sourcePath = (services: DamServices, file: Wanted) =>
  file.sourceKey
    ? (services.storage.conversions.localPath(file.sourceKey) ?? '')
    : services.tree.absolute(file.path);

/** One open dock of mine, with the state of each file. */
export async function openDock(services: DamServices, principal: Principal, notificationId: string) {
  const dock = await queries.ownDock(services.db, principal.user.id, notificationId, true);
  if (!dock) throw notFound('loading dock');
  return dockView(dock);
}

/**
 * The download gate for a dock (asked before "no such dock", as before grants): the permission, or every asset the
 * dock holds granted by an approved request to download, until its due date.
 */
async function assertMayTakeDock(services: DamServices, principal: Principal, dock: LoadingDock | undefined) {
  if (mayDownload(services.config, principal)) return;
  await assertMayDownloadAssets(
    services.db,
    services.config,
    principal,
    dock?.files.map((item) => item.assetId) ?? [],
  );
}

const notReady = () => new ApiError(409, 'loading_dock_not_ready', ASSET_MESSAGES.loadingDockNotReady);

/**
 * R-DOCK-DOWNLOAD the loading dock download workflow: notificationId and LoadingDockId give the JSON list of files
 * to transfer, each with its destination. R-BULK-DOWNLOAD-ID: a missing, non-numeric or negative LoadingDockId means
 * a cart (bulk) download, found by its notification id. R-OLD-DOCK-SCRIPT: without a notification id the old
 * loading-dock script is in use; that is logged, and the dock id alone finds the dock.
 */
export async function dockDownload(
  services: DamServices,
  principal: Principal,
  query: z.output<typeof dockDownloadQuerySchema>,
) {
  const bulk = isBulkDownload(query.LoadingDockId);
  if (!query.notificationId)
    services.log.warn('loading_dock.old_script', {
      message: TRANSFER_MESSAGES.noNotificationId,
      user: principal.user.username,
    });
  const userId = principal.user.id;
  let dock: LoadingDock | undefined;
  if (bulk) {
    if (query.notificationId) dock = await queries.ownDock(services.db, userId, query.notificationId, true);
  } else {
    // A number no dock can have (past the database's id range) names no dock.
    const id = Number(query.LoadingDockId);
    dock = isDbId(id) ? await queries.ownOpenDockById(services.db, userId, id) : undefined;
    if (dock && query.notificationId && dock.notification_id !== query.notificationId) dock = undefined;
  }
  await assertMayTakeDock(services, principal, dock);
  if (!dock) throw notFound('loading dock');
  if (dock.state === 'preparing' || dock.state === 'converting') throw notReady();
  return {
    loadingDockId: dock.id,
    notificationId: dock.notification_id,
    bulk,
    files: dock.files
      .filter((item) => (item.state ?? 'placed') === 'placed')
      .map((item) => ({ source: item.key, destination: item.fileName, size: item.size })),
  };
}

/**
 * The pre-transfer handler's rule for a path in the loading dock (R-TRANSFER-PATH leaves such paths as they are): it
 * must be a placed file of one of the principal's open, ready docks. Answers the node path, or undefined for a path
 * outside the dock.
 */
export async function dockNodePath(
  services: DamServices,
  principal: Principal,
  source: string,
): Promise<string | undefined> {
  const path = source.replace(/^\/+/, '');
  if (!inLoadingDock(path)) return undefined;
  const notificationId = path.split('/')[1] ?? '';
  const dock = /^[\w-]{8,64}$/.test(notificationId)
    ? await queries.ownDock(services.db, principal.user.id, notificationId, true)
    : undefined;
  const placed = dock?.files.find((item) => item.key === path && (item.state ?? 'placed') === 'placed');
  if (dock?.state !== 'ready' || !placed) throw notFound('file');
  await assertMayTakeDock(services, principal, dock);
  return `/${path}`;
}

/**
 * Standard Download (HTTP) of a ready dock as one zip (R-DOWNLOAD-DIALOG); once its last byte has left, the dock is
 * cleaned DOCK_CLEANUP_DELAY_SECONDS later by a job (R-DOCK-CLEANUP), as the done callback does after a transfer.
 */
export async function dockZip(services: DamServices, principal: Principal, notificationId: string) {
  const dock = await queries.ownDock(services.db, principal.user.id, notificationId, true);
  await assertMayTakeDock(services, principal, dock);
  if (!dock) throw notFound('loading dock');
  if (dock.state === 'preparing' || dock.state === 'converting') throw notReady();
  const entries = [];
  for (const item of dock.files.filter((each) => (each.state ?? 'placed') === 'placed')) {
    const absolute = services.tree.absolute(item.key);
    const info = await lstat(absolute);
    entries.push({ name: item.fileName, absolute, size: info.size, lastModified: info.mtime });
  }
  if (entries.length === 0) throw new ApiError(404, 'not_found', ASSET_MESSAGES.bundleEmpty);
  const length = predictLength(entries);
  const zip = downloadZip(zipInputs(entries), { length });
  const sent = new TransformStream<Uint8Array, Uint8Array>({
    flush: async () => {
      await queueJob(services.db, 'loading-dock.cleanup', { dockId: dock.id }, DOCK_CLEANUP_DELAY_SECONDS);
    },
  });
  return new Response((zip.body as ReadableStream<Uint8Array>).pipeThrough(sent), {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': length.toString(),
      'Content-Disposition': attachment(`download-${dock.id}.zip`),
      'Cache-Control': 'private, no-store',
    },
  });
}

/** The done callback (R-DOCK-CLEANUP): the dock's files go. */
export async function finishDock(services: DamServices, principal: Principal, notificationId: string) {
  const dock = await queries.ownDock(services.db, principal.user.id, notificationId, false);
  if (!dock) throw notFound('loading dock');
  await cleanLoadingDock(services, { dockId: dock.id });
}
