import { Readable } from 'node:stream';
import {
  assetOriginal,
  assetRendition,
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

/** A stored file as an HTTP answer, streamed, private to the signed-in user's browser. */
function fileResponse({ stream, size, mimeType, fileName }: assets.StoredFile): Response {
  const headers: Record<string, string> = {
    'Content-Type': mimeType,
    'Content-Length': String(size),
    'Cache-Control': 'private, max-age=300',
    'X-Content-Type-Options': 'nosniff',
  };
  if (fileName)
    headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: 200, headers });
}

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
  bindEndpoint(assetRendition, async ({ services, principal, params }) =>
    fileResponse(await assets.rendition(services, principal, params.id, params.name)),
  ),
  bindEndpoint(assetOriginal, async ({ services, principal, params }) =>
    fileResponse(await assets.original(services, principal, params.id)),
  ),
];
