import { lstat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { downloadZip, predictLength } from 'client-zip';
import { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { dbString, storablePath } from '../../api/db-safe.ts';
import { translateTransferPath } from '../../api/transfer-paths.ts';
import { pathInAcl } from '../access/acl-paths.ts';
import { assertMayDownload } from '../access/download-gate.ts';
import type { Principal } from '../access/principal.ts';
import { readNoFollow } from '../access/storage-path.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { parseByteRange } from './byte-range.ts';
import { attachment } from './content-disposition.ts';
import { collectZipEntries, zipInputs } from './zip-entries.ts';

/** R-DOWNLOAD-DIALOG Standard Download (HTTP) needs the download gates of R-DOWNLOAD-GATE (quickDownload or downloadHiRes, allowDownload). */
export function checkDownload(services: DamServices, principal: Principal): string {
  assertMayDownload(services.config, principal);
  return aclRoot(principal);
}

/** A path as the views name it (relative to the ACL root, or already starting with it), made absolute in storage. */
function resolve(services: DamServices, root: string, path: string): string {
  const settings = { relativePath: root, prefixWorkFolders: false, loadingDockFolder: 'LoadingDock' };
  return pathInAcl(services.config, root, translateTransferPath(path, settings)).absolute;
}

const onePath = z.object({ path: storablePath().min(1) });
const manyPaths = z.object({
  path: z.union([storablePath().min(1), z.array(storablePath().min(1)).min(1).max(10_000)]),
  name: dbString().max(200).optional(),
});

export const standardDownloadRoutes = [
  defineRoute({
    method: 'get',
    path: '/files/content',
    tag: 'Transfers',
    summary: 'Standard Download (HTTP) of one file, resumable with `Range`',
    auth: 'user',
    query: onePath,
    response: z.unknown(),
    produces: 'application/octet-stream',
    async handler({ c, services, principal, query }) {
      const root = checkDownload(services, principal);
      const absolute = resolve(services, root, query.path);
      const info = await lstat(absolute).catch(() => undefined);
      if (!info?.isFile()) throw notFound('file');
      const headers: Record<string, string> = {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': attachment(basename(absolute)),
        'Accept-Ranges': 'bytes',
        'Last-Modified': info.mtime.toUTCString(),
        ETag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        'Cache-Control': 'private, no-store',
      };
      // A resumed download whose file changed meanwhile gets the whole new file, not a splice of two.
      const ifRange = c.req.header('if-range');
      const rangeHeader = ifRange && ifRange !== headers.ETag ? undefined : c.req.header('range');
      const range = parseByteRange(rangeHeader, info.size);
      if (range === 'unsatisfiable')
        return new Response(null, {
          status: 416,
          headers: { ...headers, 'Content-Range': `bytes */${info.size}` },
        });
      const { start, end } = range === 'whole' ? { start: 0, end: info.size - 1 } : range;
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
    },
  }),
  defineRoute({
    method: 'get',
    path: '/files/zip',
    tag: 'Transfers',
    summary:
      'Standard Download (HTTP) of several files or folders as one zip, streamed (stored, ZIP64) with its length known up front so the browser shows progress',
    auth: 'user',
    query: manyPaths,
    response: z.unknown(),
    produces: 'application/zip',
    async handler({ services, principal, query }) {
      const root = checkDownload(services, principal);
      const chosen = (Array.isArray(query.path) ? query.path : [query.path]).map((path) =>
        resolve(services, root, path),
      );
      const entries = await collectZipEntries(chosen).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw notFound('file');
        throw error;
      });
      if (entries.length === 0) throw new ApiError(404, 'empty_download', ASSET_MESSAGES.bundleEmpty);
      const length = predictLength(
        entries.map((entry) => ({ name: entry.name, size: entry.size, lastModified: entry.lastModified })),
      );
      const zip = downloadZip(zipInputs(entries), { length });
      const name =
        query.name ?? (chosen.length === 1 ? `${basename(chosen[0] as string)}.zip` : 'download.zip');
      return new Response(zip.body, {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Length': length.toString(),
          'Content-Disposition': attachment(name),
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
];
