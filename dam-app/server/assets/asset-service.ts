import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { editAssetSchema, folderAssetsQuerySchema } from '../../api/assets.ts';
import { MESSAGES } from '../../api/messages.ts';
import { can, type Principal } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import { ApiError, assetAccessDenied, forbidden, notFound } from '../api/api-error.ts';
import { parseByteRange } from '../downloads/byte-range.ts';
import { aclRoot, isUnder } from '../folders/acl-scope.ts';
import { visibleFolder } from '../folders/folder-records.ts';
import type { DamServices } from '../services.ts';
import * as operations from './asset-operations.ts';
import { assetById, folderAssetRows, renditionOf, trashedAssetsBelow } from './asset-queries.ts';
import { visibleAsset } from './asset-records.ts';
import { assetView, assetViews } from './asset-views.ts';
import { ingestFile, NotIngestableError } from './ingest.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor } from './keyset-cursor.ts';
import { renditionTag } from './rendition-tag.ts';

/** A stored file to answer with: its bytes, size and media type, and the name to save it under when downloaded. */
export interface StoredFile {
  stream: Readable;
  size: number;
  mimeType: string;
  fileName?: string;
  /** A strong validator of the bytes (renditions: their version tag). */
  etag?: string;
  /** Only these bytes (inclusive) of `size` are in `stream`: a 206 answer. */
  range?: { start: number; end: number };
}

const viewById = async (services: DamServices, id: number) =>
  assetView(services.db, await assetById(services.db, id));

/** Registers a file of the principal's ACL already in storage; a path outside it, or no file there, is a 404. */
export async function ingest(services: DamServices, principal: Principal, given: string) {
  if (!can(principal, 'new assets')) throw forbidden();
  const root = aclRoot(principal);
  const path = given.replace(/^\/+|\/+$/g, '');
  if (!confinePath(services.config.storageRoot, path) || !isUnder(root, path) || path === root)
    throw notFound('file');
  try {
    const result = await ingestFile(services, path, { actorId: principal.user.id, event: 'New' });
    return { ...result, asset: await viewById(services, result.id) };
  } catch (error) {
    if (error instanceof NotIngestableError || (error as NodeJS.ErrnoException).code === 'ENOENT')
      throw notFound('file');
    throw error;
  }
}

export const getAsset = async (services: DamServices, principal: Principal, id: number) =>
  assetView(services.db, await visibleAsset(services, principal, id));

/** A folder's assets by name, a page at a time: the cursor is the last one's (lower-case name, id). */
export async function folderAssets(
  services: DamServices,
  principal: Principal,
  folderId: number,
  query: z.output<typeof folderAssetsQuerySchema>,
) {
  const folder = await visibleFolder(services, principal, folderId);
  const after = query.after ? decodeCursor(query.after, [CURSOR_VALUES.text, CURSOR_VALUES.id]) : undefined;
  const rows = await folderAssetRows(services.db, folder.id, query.limit, after);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await assetViews(services.db, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.name.toLowerCase(), last.id]) : null,
  };
}

export async function editAsset(
  services: DamServices,
  principal: Principal,
  id: number,
  changes: z.output<typeof editAssetSchema>,
) {
  await operations.editAsset(services, principal, id, changes);
  return viewById(services, id);
}

export async function renameAsset(services: DamServices, principal: Principal, id: number, fileName: string) {
  await operations.renameAsset(services, principal, id, fileName);
  return viewById(services, id);
}

export async function moveAsset(
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) {
  await operations.moveAsset(services, principal, id, destinationId);
  return viewById(services, id);
}

export const copyAsset = async (
  services: DamServices,
  principal: Principal,
  id: number,
  destinationId: number,
) => viewById(services, await operations.copyAsset(services, principal, id, destinationId));

export const trashAsset = operations.trashAsset;

/** The trash of the principal's ACL, latest first. */
export const listTrash = async (services: DamServices, principal: Principal) => ({
  items: await assetViews(services.db, await trashedAssetsBelow(services.db, aclRoot(principal))),
});

export async function restoreAsset(services: DamServices, principal: Principal, id: number) {
  await operations.restoreAsset(services, principal, id);
  return viewById(services, id);
}

export async function rendition(
  services: DamServices,
  principal: Principal,
  id: number,
  name: string,
  tag?: string,
  rangeHeader?: string,
): Promise<StoredFile> {
  const asset = await visibleAsset(services, principal, id);
  const row = await renditionOf(services.db, asset.id, name);
  if (!row) throw notFound('rendition');
  const current = renditionTag(row);
  // An immutable address names one set of bytes: once the renditions are made again, the old address is gone.
  if (tag !== undefined && tag !== current) throw notFound('rendition');
  const stored = await services.storage.renditions.stat(row.storage_key);
  if (!stored) throw notFound('rendition');
  // A video player seeks by byte ranges; one past the end is ignored (the whole is sent, as RFC 9110 allows).
  const parsed = parseByteRange(rangeHeader, stored.size);
  const range = typeof parsed === 'object' ? parsed : undefined;
  return {
    stream: await services.storage.renditions.read(row.storage_key, range),
    size: stored.size,
    mimeType: row.mime_type,
    etag: `"${current}"`,
    ...(range ? { range } : {}),
  };
}

/** The original file (Standard Download): for one who may download originals, on a site that allows downloads. */
export async function original(services: DamServices, principal: Principal, id: number): Promise<StoredFile> {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'downloadHiRes') || !services.config.allowDownload) throw assetAccessDenied();
  const stored = await services.storage.originals.stat(asset.path);
  if (!stored) throw new ApiError(404, 'file_missing', MESSAGES.notFound);
  return {
    stream: await services.storage.originals.read(asset.path),
    size: stored.size,
    mimeType: asset.mime_type,
    fileName: asset.file_name,
  };
}
