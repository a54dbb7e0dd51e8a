import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import { Readable } from 'node:stream';
import { downloadZip, predictLength } from 'client-zip';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { translateTransferPath } from '../../api/transfer-paths.ts';
import { pathInAcl } from '../access/acl-paths.ts';
import type { Principal } from '../access/principal.ts';
import { readNoFollow } from '../access/storage-path.ts';
import { assertMayDownload } from '../access/transfer-gates.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { assertNotArchived } from '../archive/archive-service.ts';
import { activeAssetsAt } from '../assets/asset-queries.ts';
import { audit } from '../audit/audit.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import { notify } from '../notifications/notify.ts';
import { readPlatformSettings } from '../platform-settings/platform-settings-service.ts';
import type { DamServices } from '../services.ts';
import { askPermissionWorkflows, assetIdsAt } from '../workflows/permission-workflows.ts';
import { parseByteRange } from './byte-range.ts';
import { sliceStream } from './byte-slice.ts';
import { attachment } from './content-disposition.ts';
import { collectZipEntries, zipInputs } from './zip-entries.ts';

/** R-DOWNLOAD-DIALOG Standard Download (HTTP) needs the download gates of R-DOWNLOAD-GATE (quickDownload or downloadHiRes, allowDownload). */
export function checkDownload(services: DamServices, principal: Principal): string {
  assertMayDownload(services.config, principal);
  return aclRoot(principal);
}

/**
 * How paths as the views name them (relative to the ACL root, or already starting with it) are made absolute in
 * storage. Standard Download is plain HTTP, so the ACL's root (not the accelerated transfer's relative path
 * permission) is what they are relative to; the loading dock's name follows the platform settings.
 */
async function resolver(services: DamServices, root: string): Promise<(path: string) => string> {
  const { prefixWorkFolders } = await readPlatformSettings(services.db);
  const settings = { relativePath: root, prefixWorkFolders };
  return (path) => pathInAcl(services.config, root, translateTransferPath(path, settings)).absolute;
}

/**
 * R-LOG-REPORTS, R-STATISTICS: a download that starts (not each resumed range of it) goes to the activity log with
 * its bytes, which Statistics counts.
 */
async function recordDownload(
  services: DamServices,
  principal: Principal,
  absolutes: string[],
  bytes: number,
  via: 'http' | 'zip',
) {
  const paths = absolutes.map((path) => relative(services.config.storageRoot, path));
  await audit(services.db, {
    actorId: principal.user.id,
    event: 'download',
    target: paths.length === 1 ? paths[0] : `${paths[0]} (+${paths.length - 1})`,
    details: { via, bytes, files: paths.length },
  });
}

/** A download tells the followers of at most this many of its assets (a zip of a whole library stays one job). */
export const DOWNLOAD_NOTIFY_MAX = 100;

/**
 * R-NOTIFY-DOWNLOAD: each Standard Download that starts tells the followers of each asset in it (of the asset, a
 * folder above it or a collection holding it) with a Download notification, never the downloader.
 */
async function tellFollowers(services: DamServices, principal: Principal, absolutes: string[]) {
  const paths = absolutes.map((path) => relative(services.config.storageRoot, path));
  const assets = await activeAssetsAt(services.db, paths, DOWNLOAD_NOTIFY_MAX);
  if (assets.length === 0) return;
  await services.db.transaction().execute(async (trx) => {
    for (const asset of assets)
      await notify(trx, services.config, {
        type: 'Download',
        actorId: principal.user.id,
        subject: asset.name,
        target: { kind: 'asset', id: asset.id },
        about: { assetId: asset.id, path: asset.path },
      });
  });
}

/** What a resumed download sent: its `Range` and `If-Range` headers. */
export interface RangeRequest {
  range: string | undefined;
  ifRange: string | undefined;
}

/** One file, whole or the asked byte range; a resumed download whose file changed gets the whole new file. */
export async function fileDownload(
  services: DamServices,
  principal: Principal,
  path: string,
  request: RangeRequest,
): Promise<Response> {
  const root = checkDownload(services, principal);
  const absolute = (await resolver(services, root))(path);
  const info = await lstat(absolute).catch(() => undefined);
  if (!info?.isFile()) {
    await assertNotArchived(services, relative(services.config.storageRoot, absolute));
    throw notFound('file');
  }
  const assetIds = await assetIdsAt(services, [relative(services.config.storageRoot, absolute)]);
  await askPermissionWorkflows(services, principal, 'download', assetIds);
  const headers: Record<string, string> = {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': attachment(basename(absolute)),
    'Accept-Ranges': 'bytes',
    'Last-Modified': info.mtime.toUTCString(),
    ETag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    'Cache-Control': 'private, no-store',
  };
  // A resumed download whose file changed meanwhile gets the whole new file, not a splice of two.
  const rangeHeader = request.ifRange && request.ifRange !== headers.ETag ? undefined : request.range;
  const range = parseByteRange(rangeHeader, info.size);
  if (range === 'unsatisfiable')
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'Content-Range': `bytes */${info.size}` },
    });
  const { start, end } = range === 'whole' ? { start: 0, end: info.size - 1 } : range;
  if (start === 0) {
    await recordDownload(services, principal, [absolute], info.size, 'http');
    await tellFollowers(services, principal, [absolute]);
  }
  const body =
    info.size === 0 ? null : (Readable.toWeb(readNoFollow(absolute, { start, end })) as ReadableStream);
  return new Response(body, {
    status: range === 'whole' ? 200 : 206,
    headers: {
      ...headers,
      'Content-Length': String(info.size === 0 ? 0 : end - start + 1),
      ...(range === 'whole' ? {} : { 'Content-Range': `bytes ${start}-${end}/${info.size}` }),
    },
  });
}

/**
 * R-ZIP-RESUME: several files or folders as one stored zip, its length known before the first byte; resumable with `Range` on
 * any server (the same files make the same bytes; the ETag names them, so a changed file restarts the download).
 */
export async function zipDownload(
  services: DamServices,
  principal: Principal,
  paths: string | string[],
  name: string | undefined,
  request: RangeRequest = { range: undefined, ifRange: undefined },
): Promise<Response> {
  const root = checkDownload(services, principal);
  const resolve = await resolver(services, root);
  const chosen = (Array.isArray(paths) ? paths : [paths]).map(resolve);
  const entries = await collectZipEntries(chosen).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw notFound('file');
    throw error;
  });
  if (entries.length === 0) throw new ApiError(404, 'empty_download', ASSET_MESSAGES.bundleEmpty);
  const storage = services.config.storageRoot;
  const assetIds = await assetIdsAt(
    services,
    entries.map((entry) => relative(storage, entry.absolute)),
  );
  await askPermissionWorkflows(services, principal, 'download', assetIds);
  const length = predictLength(
    entries.map((entry) => ({ name: entry.name, size: entry.size, lastModified: entry.lastModified })),
  );
  const size = Number(length);
  const fileName = name ?? (chosen.length === 1 ? `${basename(chosen[0] as string)}.zip` : 'download.zip');
  const headers: Record<string, string> = {
    'Content-Type': 'application/zip',
    'Content-Disposition': attachment(fileName),
    'Accept-Ranges': 'bytes',
    ETag: `"${createHash('sha256')
      .update(JSON.stringify(entries.map((entry) => [entry.name, entry.size, entry.lastModified.getTime()])))
      .digest('base64url')
      .slice(0, 27)}"`,
    'Cache-Control': 'private, no-store',
  };
  const rangeHeader = request.ifRange && request.ifRange !== headers.ETag ? undefined : request.range;
  const range = parseByteRange(rangeHeader, size);
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  const { start, end } = range === 'whole' ? { start: 0, end: size - 1 } : range;
  if (start === 0) {
    await recordDownload(services, principal, chosen, size, 'zip');
    await tellFollowers(
      services,
      principal,
      entries.map((entry) => entry.absolute),
    );
  }
  const zip = downloadZip(zipInputs(entries), { length }).body;
  return new Response(range === 'whole' || !zip ? zip : sliceStream(zip, start, end), {
    status: range === 'whole' ? 200 : 206,
    headers: {
      ...headers,
      'Content-Length': String(end - start + 1),
      ...(range === 'whole' ? {} : { 'Content-Range': `bytes ${start}-${end}/${size}` }),
    },
  });
}
