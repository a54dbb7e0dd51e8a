import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import {
  assetDestinationSchema,
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
} from '../assets.ts';
import { dbId, dbIdParam } from '../db-safe.ts';
import { bulkEditSchema } from '../search.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, inUse, notFound } from './error-sets.ts';
import { assetIdParams, idParams, renditionParams, taggedRenditionParams } from './params.ts';

const assets = endpointGroup('Assets', 'user');
const asset = assets.item('/assets/{id}', assetIdParams);
/** R-ARCHIVE: an archive proxy's original is in the archive tier: its file actions wait for a restore. */
const archived = { 409: ['asset_archived'] } as const;
const bytes = z.string().meta({ format: 'binary' });
/** What blocks changing an asset: another user's lock, a taken file name, a video still transcoding (moves). */
const changeConflicts = { 409: ['in_use', 'filename_exists', 'transcoding'] };
/** A move, a copy or a restore into a folder the person may not use. */
const destinationNotAllowed = { 404: ['destination_not_allowed'] };
/** A copy or a restore into a folder the person may not use, or onto a taken file name. */
const destinationErrors = errors(destinationNotAllowed, { 409: ['filename_exists'] });

export const ingestAsset = assets.post('/assets/ingest', {
  summary: 'Register a file already in storage (an accelerated upload) as an asset; idempotent',
  body: ingestSchema,
  response: ingestResultSchema,
  errors: notFound,
});
export const getAsset = asset.get('', {
  summary: 'One asset, with its renditions and lock holder',
  response: assetSchema,
});
export const folderAssets = assets.get('/folders/{id}/assets', {
  summary: 'The assets of one folder by name, a page at a time (keyset paging)',
  params: idParams,
  query: folderAssetsQuerySchema,
  response: assetPageSchema,
  errors: notFound,
});
export const editAsset = asset.put('', {
  summary: 'Edit an asset’s metadata (name, description, keywords)',
  body: editAssetSchema,
  response: assetSchema,
  errors: inUse,
});
export const renameAsset = asset.post('/rename', {
  summary: 'Rename an asset’s file',
  body: renameAssetSchema,
  response: assetSchema,
  errors: errors(changeConflicts, archived),
});
export const moveAsset = asset.post('/move', {
  summary: 'Move an asset to another folder',
  body: assetDestinationSchema,
  response: assetSchema,
  errors: errors(destinationNotAllowed, changeConflicts, archived),
});
export const copyAsset = asset.post('/copy', {
  summary: 'Copy an asset to another folder (a new asset)',
  body: assetDestinationSchema,
  response: assetSchema,
  status: 201,
  errors: errors(destinationErrors, archived),
});
export const trashAsset = asset.delete('', {
  summary: 'Delete an asset to the trash',
  response: okSchema,
  errors: errors(inUse, archived),
});
export const listTrash = assets.get('/trash', {
  summary: 'Trashed assets under the current ACL root, latest first',
  response: z.object({ items: z.array(assetSchema) }),
});
export const restoreAsset = asset.post('/restore', {
  summary: 'Restore a trashed asset to its folder',
  response: assetSchema,
  errors: errors(destinationErrors, { 409: ['not_restorable'] }),
});
export const assetRendition = assets.item('/assets/{id}/renditions/{name}', renditionParams).get('', {
  summary: 'A rendition’s bytes (thumbnail, preview, poster, web-preview, icon)',
  response: bytes,
  produces: 'application/octet-stream',
});
export const assetRenditionTagged = assets
  .item('/assets/{id}/renditions/{name}/{tag}', taggedRenditionParams)
  .get('', {
    summary: 'A rendition’s bytes at their immutable address (the tag the asset’s rendition url carries)',
    response: bytes,
    produces: 'application/octet-stream',
  });
export const assetOriginal = asset.get('/original', {
  summary: 'The original file (Standard Download); needs downloadHiRes',
  response: bytes,
  produces: 'application/octet-stream',
  errors: { 404: ['file_missing'] },
});

export const bulkSelect = assets.post('/assets/bulk-select', {
  summary: 'Bulk select upload: a CSV of asset ID numbers or file names to a selection',
  body: bulkSelectCsvSchema,
  response: bulkSelectResultSchema,
  errors: { 400: ['csv_only', 'selection_too_large'] },
});
export const bulkEdit = assets.post('/assets/bulk-edit', {
  summary: 'Bulk edit: set the description, add or remove keywords on a selection (ids or a search)',
  body: bulkEditSchema,
  response: bulkEditResultSchema,
});

/** R-PRINT-OUTPUTS print formats, as the server makes them. */
export const printFormatSchema = z.enum(['jpeg', 'png', 'gif', 'tiff']);
export const printAsset = assets
  .item('/assets/{id}/print/{format}', z.object({ id: dbIdParam(), format: printFormatSchema }))
  .get('', {
    summary: 'A print output of an image: web JPEG, PNG or GIF at 72 dpi, or TIFF at 300 dpi',
    response: bytes,
    produces: 'application/octet-stream',
    errors: { 400: ['not_an_image'] },
  });
export const contactSheet = assets.post('/contact-sheet', {
  summary: 'A contact sheet (PDF) of a selection: thumbnails and names, 20 to a page',
  body: z.strictObject({ ids: z.array(dbId()).min(1).max(500) }),
  response: bytes,
  produces: 'application/pdf',
  errors: { 400: ['search_empty'] },
});

export const reconcileStorage = endpointGroup('Administration', 'admin').post('/admin/storage/reconcile', {
  summary:
    'Index files that appeared in storage by other means under the current ACL root (the whole storage for an administrator without an ACL); mark vanished ones',
  response: z.object({ queued: z.boolean() }),
  status: 202,
});
