import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import { idParamSchema } from '../../api/admin.ts';
import {
  assetDestinationSchema,
  assetIdParamSchema,
  assetPageSchema,
  assetSchema,
  editAssetSchema,
  folderAssetsQuerySchema,
  ingestResultSchema,
  ingestSchema,
  renameAssetSchema,
  renditionParamSchema,
} from '../../api/assets.ts';
import { MESSAGES } from '../../api/messages.ts';
import { can } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import { ApiError, assetAccessDenied, forbidden, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { aclRoot, belowPattern, isUnder } from '../folders/acl-scope.ts';
import { visibleFolder } from '../folders/folder-records.ts';
import type { DamServices } from '../services.ts';
import {
  copyAsset,
  editAsset,
  moveAsset,
  renameAsset,
  restoreAsset,
  trashAsset,
} from './asset-operations.ts';
import { visibleAsset } from './asset-records.ts';
import { ASSET_ROW_COLUMNS, assetView, assetViews } from './asset-views.ts';
import { ingestFile, NotIngestableError } from './ingest.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor } from './keyset-cursor.ts';

const tag = 'Assets';

async function viewById(services: DamServices, id: number) {
  const row = await services.db
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return assetView(services.db, row);
}

/** A stored file as an HTTP answer, streamed, private to the signed-in user's browser. */
function fileResponse(stream: Readable, size: number, mimeType: string, fileName?: string): Response {
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
  defineRoute({
    method: 'post',
    path: '/assets/ingest',
    tag,
    summary: 'Register a file already in storage (an accelerated upload) as an asset; idempotent',
    auth: 'user',
    body: ingestSchema,
    response: ingestResultSchema,
    async handler({ services, principal, body }) {
      if (!can(principal, 'new assets')) throw forbidden();
      const root = aclRoot(principal);
      const path = body.path.replace(/^\/+|\/+$/g, '');
      if (!confinePath(services.config.storageRoot, path) || !isUnder(root, path) || path === root)
        throw notFound('file');
      try {
        const result = await ingestFile(services, path);
        return { ...result, asset: await viewById(services, result.id) };
      } catch (error) {
        if (error instanceof NotIngestableError || (error as NodeJS.ErrnoException).code === 'ENOENT')
          throw notFound('file');
        throw error;
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/assets/{id}',
    tag,
    summary: 'One asset, with its renditions and lock holder',
    auth: 'user',
    params: assetIdParamSchema,
    response: assetSchema,
    async handler({ services, principal, params }) {
      return assetView(services.db, await visibleAsset(services, principal, params.id));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/folders/{id}/assets',
    tag,
    summary: 'The assets of one folder by name, a page at a time (keyset paging)',
    auth: 'user',
    params: idParamSchema,
    query: folderAssetsQuerySchema,
    response: assetPageSchema,
    async handler({ services, principal, params, query }) {
      const folder = await visibleFolder(services, principal, params.id);
      const after = query.after
        ? decodeCursor(query.after, [CURSOR_VALUES.text, CURSOR_VALUES.id])
        : undefined;
      let select = services.db
        .selectFrom('assets')
        .select(ASSET_ROW_COLUMNS)
        .where('folder_id', '=', folder.id)
        .where('status', '<>', 'trashed')
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(query.limit + 1);
      if (after) {
        const [name, id] = after;
        select = select.where(sql<boolean>`(lower(name), id) > (${name}, ${id})`);
      }
      const rows = await select.execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: await assetViews(services.db, page),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor([last.name.toLowerCase(), last.id]) : null,
      };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/assets/{id}',
    tag,
    summary: 'Edit an asset’s metadata (name, description, keywords)',
    auth: 'user',
    params: assetIdParamSchema,
    body: editAssetSchema,
    response: assetSchema,
    async handler({ services, principal, params, body }) {
      await editAsset(services, principal, params.id, body);
      return viewById(services, params.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/assets/{id}/rename',
    tag,
    summary: 'Rename an asset’s file',
    auth: 'user',
    params: assetIdParamSchema,
    body: renameAssetSchema,
    response: assetSchema,
    async handler({ services, principal, params, body }) {
      await renameAsset(services, principal, params.id, body.fileName);
      return viewById(services, params.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/assets/{id}/move',
    tag,
    summary: 'Move an asset to another folder',
    auth: 'user',
    params: assetIdParamSchema,
    body: assetDestinationSchema,
    response: assetSchema,
    async handler({ services, principal, params, body }) {
      await moveAsset(services, principal, params.id, body.destinationId);
      return viewById(services, params.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/assets/{id}/copy',
    tag,
    summary: 'Copy an asset to another folder (a new asset)',
    auth: 'user',
    params: assetIdParamSchema,
    body: assetDestinationSchema,
    response: assetSchema,
    status: 201,
    async handler({ services, principal, params, body }) {
      return viewById(services, await copyAsset(services, principal, params.id, body.destinationId));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/assets/{id}',
    tag,
    summary: 'Delete an asset to the trash',
    auth: 'user',
    params: assetIdParamSchema,
    response: okSchema,
    async handler({ services, principal, params }) {
      await trashAsset(services, principal, params.id);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trash',
    tag,
    summary: 'Trashed assets under the current ACL root, latest first',
    auth: 'user',
    response: z.object({ items: z.array(assetSchema) }),
    async handler({ services, principal }) {
      const root = aclRoot(principal);
      let query = services.db
        .selectFrom('assets')
        .selectAll()
        .where('status', '=', 'trashed')
        .orderBy('trashed_at', 'desc')
        .limit(500);
      if (root !== '')
        query = query.where((eb) =>
          eb.or([eb('path', '=', root), eb(sql<string>`path`, 'like', belowPattern(root))]),
        );
      return { items: await assetViews(services.db, await query.execute()) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/assets/{id}/restore',
    tag,
    summary: 'Restore a trashed asset to its folder',
    auth: 'user',
    params: assetIdParamSchema,
    response: assetSchema,
    async handler({ services, principal, params }) {
      await restoreAsset(services, principal, params.id);
      return viewById(services, params.id);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/assets/{id}/renditions/{name}',
    tag,
    summary: 'A rendition’s bytes (thumbnail, preview, poster, web-preview, icon)',
    auth: 'user',
    params: renditionParamSchema,
    response: z.string().meta({ format: 'binary' }),
    produces: 'application/octet-stream',
    async handler({ services, principal, params }) {
      const asset = await visibleAsset(services, principal, params.id);
      const rendition = await services.db
        .selectFrom('renditions')
        .selectAll()
        .where('asset_id', '=', asset.id)
        .where('name', '=', params.name)
        .executeTakeFirst();
      if (!rendition) throw notFound('rendition');
      const stored = await services.storage.renditions.stat(rendition.storage_key);
      if (!stored) throw notFound('rendition');
      return fileResponse(
        await services.storage.renditions.read(rendition.storage_key),
        stored.size,
        rendition.mime_type,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/assets/{id}/original',
    tag,
    summary: 'The original file (Standard Download); needs downloadHiRes',
    auth: 'user',
    params: assetIdParamSchema,
    response: z.string().meta({ format: 'binary' }),
    produces: 'application/octet-stream',
    async handler({ services, principal, params }) {
      const asset = await visibleAsset(services, principal, params.id);
      if (!can(principal, 'downloadHiRes') || !services.config.allowDownload) throw assetAccessDenied();
      const stored = await services.storage.originals.stat(asset.path);
      if (!stored) throw new ApiError(404, 'file_missing', MESSAGES.notFound);
      return fileResponse(
        await services.storage.originals.read(asset.path),
        stored.size,
        asset.mime_type,
        asset.file_name,
      );
    },
  }),
];
