import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { idParamSchema } from '../admin.ts';
import {
  assetDestinationSchema,
  assetIdParamSchema,
  assetPageSchema,
  assetSchema,
  bulkEditResultSchema,
  bulkSelectCsvSchema,
  bulkSelectResultSchema,
  editAssetSchema,
  folderAssetsQuerySchema,
  ingestResultSchema,
  ingestSchema,
  renameAssetSchema,
  renditionParamSchema,
} from '../assets.ts';
import { dbId, dbIdParam } from '../db-safe.ts';
import { bulkEditSchema } from '../search.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Assets';
const bytes = z.string().meta({ format: 'binary' });
/** What blocks changing an asset: another user's lock, a taken file name, a video still transcoding (moves). */
const changeConflicts = ['in_use', 'filename_exists', 'transcoding'] as const;

export const ingestAsset = defineEndpoint({
  method: 'post',
  path: '/assets/ingest',
  tag,
  summary: 'Register a file already in storage (an accelerated upload) as an asset; idempotent',
  auth: 'user',
  body: ingestSchema,
  response: ingestResultSchema,
  errors: { 404: ['not_found'] },
});
export const getAsset = defineEndpoint({
  method: 'get',
  path: '/assets/{id}',
  tag,
  summary: 'One asset, with its renditions and lock holder',
  auth: 'user',
  params: assetIdParamSchema,
  response: assetSchema,
  errors: { 404: ['not_found'] },
});
export const folderAssets = defineEndpoint({
  method: 'get',
  path: '/folders/{id}/assets',
  tag,
  summary: 'The assets of one folder by name, a page at a time (keyset paging)',
  auth: 'user',
  params: idParamSchema,
  query: folderAssetsQuerySchema,
  response: assetPageSchema,
  errors: { 404: ['not_found'] },
});
export const editAsset = defineEndpoint({
  method: 'put',
  path: '/assets/{id}',
  tag,
  summary: 'Edit an asset’s metadata (name, description, keywords)',
  auth: 'user',
  params: assetIdParamSchema,
  body: editAssetSchema,
  response: assetSchema,
  errors: { 404: ['not_found'], 409: ['in_use'] },
});
export const renameAsset = defineEndpoint({
  method: 'post',
  path: '/assets/{id}/rename',
  tag,
  summary: 'Rename an asset’s file',
  auth: 'user',
  params: assetIdParamSchema,
  body: renameAssetSchema,
  response: assetSchema,
  errors: { 404: ['not_found'], 409: changeConflicts },
});
export const moveAsset = defineEndpoint({
  method: 'post',
  path: '/assets/{id}/move',
  tag,
  summary: 'Move an asset to another folder',
  auth: 'user',
  params: assetIdParamSchema,
  body: assetDestinationSchema,
  response: assetSchema,
  errors: { 404: ['not_found', 'destination_not_allowed'], 409: changeConflicts },
});
export const copyAsset = defineEndpoint({
  method: 'post',
  path: '/assets/{id}/copy',
  tag,
  summary: 'Copy an asset to another folder (a new asset)',
  auth: 'user',
  params: assetIdParamSchema,
  body: assetDestinationSchema,
  response: assetSchema,
  status: 201,
  errors: { 404: ['not_found', 'destination_not_allowed'], 409: ['filename_exists'] },
});
export const trashAsset = defineEndpoint({
  method: 'delete',
  path: '/assets/{id}',
  tag,
  summary: 'Delete an asset to the trash',
  auth: 'user',
  params: assetIdParamSchema,
  response: okSchema,
  errors: { 404: ['not_found'], 409: ['in_use'] },
});
export const listTrash = defineEndpoint({
  method: 'get',
  path: '/trash',
  tag,
  summary: 'Trashed assets under the current ACL root, latest first',
  auth: 'user',
  response: z.object({ items: z.array(assetSchema) }),
});
export const restoreAsset = defineEndpoint({
  method: 'post',
  path: '/assets/{id}/restore',
  tag,
  summary: 'Restore a trashed asset to its folder',
  auth: 'user',
  params: assetIdParamSchema,
  response: assetSchema,
  errors: { 404: ['not_found', 'destination_not_allowed'], 409: ['filename_exists', 'not_restorable'] },
});
export const assetRendition = defineEndpoint({
  method: 'get',
  path: '/assets/{id}/renditions/{name}',
  tag,
  summary: 'A rendition’s bytes (thumbnail, preview, poster, web-preview, icon)',
  auth: 'user',
  params: renditionParamSchema,
  response: bytes,
  produces: 'application/octet-stream',
  errors: { 404: ['not_found'] },
});
export const assetOriginal = defineEndpoint({
  method: 'get',
  path: '/assets/{id}/original',
  tag,
  summary: 'The original file (Standard Download); needs downloadHiRes',
  auth: 'user',
  params: assetIdParamSchema,
  response: bytes,
  produces: 'application/octet-stream',
  errors: { 404: ['not_found', 'file_missing'] },
});

export const bulkSelect = defineEndpoint({
  method: 'post',
  path: '/assets/bulk-select',
  tag,
  summary: 'Bulk select upload: a CSV of asset ID numbers or file names to a selection',
  auth: 'user',
  body: bulkSelectCsvSchema,
  response: bulkSelectResultSchema,
  errors: { 400: ['csv_only', 'selection_too_large'] },
});
export const bulkEdit = defineEndpoint({
  method: 'post',
  path: '/assets/bulk-edit',
  tag,
  summary: 'Bulk edit: set the description, add or remove keywords on a selection (ids or a search)',
  auth: 'user',
  body: bulkEditSchema,
  response: bulkEditResultSchema,
});

/** R-PRINT-OUTPUTS print formats, as the server makes them. */
export const printFormatSchema = z.enum(['jpeg', 'png', 'gif', 'tiff']);
export const printAsset = defineEndpoint({
  method: 'get',
  path: '/assets/{id}/print/{format}',
  tag,
  summary: 'A print output of an image: web JPEG, PNG or GIF at 72 dpi, or TIFF at 300 dpi',
  auth: 'user',
  params: z.object({ id: dbIdParam(), format: printFormatSchema }),
  response: bytes,
  produces: 'application/octet-stream',
  errors: { 400: ['not_an_image'], 404: ['not_found'] },
});
export const contactSheet = defineEndpoint({
  method: 'post',
  path: '/contact-sheet',
  tag,
  summary: 'A contact sheet (PDF) of a selection: thumbnails and names, 20 to a page',
  auth: 'user',
  body: z.strictObject({ ids: z.array(dbId()).min(1).max(500) }),
  response: bytes,
  produces: 'application/pdf',
  errors: { 400: ['search_empty'] },
});

export const reconcileStorage = defineEndpoint({
  method: 'post',
  path: '/admin/storage/reconcile',
  tag: 'Administration',
  summary:
    'Index files that appeared in storage by other means under the current ACL root (the whole storage for an administrator without an ACL); mark vanished ones',
  auth: 'admin',
  response: z.object({ queued: z.boolean() }),
  status: 202,
});
