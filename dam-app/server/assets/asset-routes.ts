import { Readable } from 'node:stream';
import {
  assetOriginal,
  assetRendition,
  assetRenditionTagged,
  copyAsset,
  editAsset,
  folderAssets,
  getAsset,
  ingestAsset,
  listTrash,
  moveAsset,
  renameAsset,
  restoreAsset,
  trashAsset,
} from '../../api/contract/assets-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as assets from './asset-service.ts';

/** An original is never kept: a download is asked for, and checked, each time. */
const NOT_KEPT = 'private, no-store';
/** A rendition at its plain address (which shows other bytes once it is made again): five minutes, this browser. */
const SHORT_PRIVATE = 'private, max-age=300';
/**
 * A rendition at its immutable address: kept for a year and never revalidated. `private`, not `public`: the bytes
 * are answered after the session's access check, and a shared cache (a proxy, a CDN) keyed on the address alone
 * would hand a private asset's thumbnail to anyone who asks for the same URL.
 */
const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

/**
 * A stored file as an HTTP answer, streamed, private to the signed-in user's browser; with an ETag, a request that
 * already holds these bytes (`If-None-Match`) gets a 304 — after the access check, so it tells nobody more.
 */
function fileResponse(
  { stream, size, mimeType, fileName, etag, range }: assets.StoredFile,
  options: { cacheControl?: string; ifNoneMatch?: string; ranges?: boolean } = {},
): Response {
  const cacheControl = options.cacheControl ?? NOT_KEPT;
  if (etag && options.ifNoneMatch && matchesEtag(options.ifNoneMatch, etag)) {
    stream.destroy();
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } });
  }
  const headers: Record<string, string> = {
    'Content-Type': mimeType,
    'Content-Length': String(range ? range.end - range.start + 1 : size),
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
  if (etag) headers.ETag = etag;
  if (options.ranges) headers['Accept-Ranges'] = 'bytes';
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  if (fileName)
    headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: range ? 206 : 200, headers });
}

/** `If-None-Match`: `*` or a list of (possibly weak) tags, one of them this one. */
const matchesEtag = (header: string, etag: string) =>
  header.trim() === '*' || header.split(',').some((each) => each.trim().replace(/^W\//, '') === etag);

export const assetRoutes = [
  bindEndpoint(ingestAsset, ({ services, principal, body }) => assets.ingest(services, principal, body.path)),
  bindEndpoint(getAsset, ({ services, principal, params }) =>
    assets.getAsset(services, principal, params.id),
  ),
  bindEndpoint(folderAssets, ({ services, principal, params, query }) =>
    assets.folderAssets(services, principal, params.id, query),
  ),
  bindEndpoint(editAsset, ({ services, principal, params, body }) =>
    assets.editAsset(services, principal, params.id, body),
  ),
  bindEndpoint(renameAsset, ({ services, principal, params, body }) =>
    assets.renameAsset(services, principal, params.id, body.fileName),
  ),
  bindEndpoint(moveAsset, ({ services, principal, params, body }) =>
    assets.moveAsset(services, principal, params.id, body.destinationId),
  ),
  bindEndpoint(copyAsset, ({ services, principal, params, body }) =>
    assets.copyAsset(services, principal, params.id, body.destinationId),
  ),
  bindAction(trashAsset, ({ services, principal, params }) =>
    assets.trashAsset(services, principal, params.id),
  ),
  bindEndpoint(listTrash, ({ services, principal }) => assets.listTrash(services, principal)),
  bindEndpoint(restoreAsset, ({ services, principal, params }) =>
    assets.restoreAsset(services, principal, params.id),
  ),
  bindEndpoint(assetRendition, async ({ c, services, principal, params }) =>
    fileResponse(
      await assets.rendition(services, principal, params.id, params.name, undefined, c.req.header('Range')),
      { cacheControl: SHORT_PRIVATE, ifNoneMatch: c.req.header('If-None-Match'), ranges: true },
    ),
  ),
  bindEndpoint(assetRenditionTagged, async ({ c, services, principal, params }) =>
    fileResponse(
      await assets.rendition(services, principal, params.id, params.name, params.tag, c.req.header('Range')),
      { cacheControl: IMMUTABLE_PRIVATE, ifNoneMatch: c.req.header('If-None-Match'), ranges: true },
    ),
  ),
  bindEndpoint(assetOriginal, async ({ services, principal, params }) =>
    fileResponse(await assets.original(services, principal, params.id)),
  ),
];
