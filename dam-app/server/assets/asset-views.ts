import type { Kysely } from 'kysely';
import type { AssetView } from '../../api/assets.ts';
import type { Asset, Database } from '../db/schema.ts';
import { archiveStatesOf, renditionsOfAssets, usernamesOf, versionCounts } from './asset-view-queries.ts';
import { renditionTag } from './rendition-tag.ts';

/** An asset row without its search vectors, which no view shows: lists read these columns only. */
export type AssetRow = Omit<Asset, 'search' | 'keyword_search'>;
export const ASSET_ROW_COLUMNS = [
  'id',
  'folder_id',
  'path',
  'name',
  'file_name',
  'description',
  'file_type',
  'mime_type',
  'kind',
  'size',
  'content_hash',
  'width',
  'height',
  'color_profile',
  'aspect_ratio',
  'date_created',
  'date_added',
  'updated_at',
  'keywords',
  'metadata',
  'status',
  'rendition_state',
  'trash_key',
  'trashed_at',
  'checked_out_by',
  'checked_out_at',
  'version_number',
  'uploaded_by',
] as const satisfies readonly (keyof AssetRow)[];

/** The API view of assets, with their renditions, version counts, lock holders and archive states in four queries. */
export async function assetViews(db: Kysely<Database>, assets: AssetRow[]): Promise<AssetView[]> {
  if (assets.length === 0) return [];
  const ids = assets.map((asset) => asset.id);
  const holderIds = [
    ...new Set(assets.flatMap((asset) => (asset.checked_out_by ? [asset.checked_out_by] : []))),
  ];
  const [renditions, versions, holders, archives] = await Promise.all([
    renditionsOfAssets(db, ids),
    versionCounts(db, ids),
    usernamesOf(db, holderIds),
    archiveStatesOf(db, ids),
  ]);
  const archiveOf = new Map(archives.map((row) => [row.asset_id, row.state]));
  const versionCount = new Map(versions.map((row) => [row.asset_id, Number(row.count)]));
  const holderOf = new Map(holders.map((row) => [row.id, row]));
  return assets.map((asset) => ({
    id: asset.id,
    name: asset.name,
    fileName: asset.file_name,
    description: asset.description,
    dateCreated: asset.date_created.toISOString(),
    dateAdded: asset.date_added.toISOString(),
    fileType: asset.file_type,
    mimeType: asset.mime_type,
    kind: asset.kind,
    size: Number(asset.size),
    colorProfile: asset.color_profile,
    dimensions: asset.width && asset.height ? { width: asset.width, height: asset.height } : null,
    aspectRatio: asset.aspect_ratio,
    renditions: renditions
      .filter((row) => row.asset_id === asset.id)
      .map((row) => ({
        name: row.name,
        mimeType: row.mime_type,
        width: row.width,
        height: row.height,
        size: Number(row.size),
        // Immutable: the tag changes whenever the bytes do, so browsers keep them for good.
        url: `/assets/${asset.id}/renditions/${row.name}/${renditionTag(row)}`,
      })),
    versions: Math.max(1, versionCount.get(asset.id) ?? 0),
    keywords: asset.keywords,
    folderId: asset.folder_id,
    path: asset.path,
    status: asset.status,
    renditionState: asset.rendition_state,
    checkedOutBy: asset.checked_out_by ? (holderOf.get(asset.checked_out_by) ?? null) : null,
    checkedOutAt: asset.checked_out_at?.toISOString() ?? null,
    archiveState: archiveOf.get(asset.id) ?? null,
    metadata: asset.metadata,
  }));
}

export async function assetView(db: Kysely<Database>, asset: AssetRow): Promise<AssetView> {
  return (await assetViews(db, [asset]))[0] as AssetView;
}
