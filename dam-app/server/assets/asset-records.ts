import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, notFound } from '../api/api-error.ts';
import type { Asset } from '../db/schema.ts';
import { aclRoot, isUnder } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { findAsset, liveAssetPaths } from './asset-queries.ts';

/** An asset the principal may see (its path at or under the ACL's root), else 404. Trashed ones only when asked. */
export async function visibleAsset(
  services: DamServices,
  principal: Principal,
  id: number,
  options: { trashed?: boolean } = {},
): Promise<Asset> {
  const root = aclRoot(principal);
  const asset = await findAsset(services.db, id);
  if (!asset || !isUnder(root, asset.path)) throw notFound('asset');
  if ((asset.status === 'trashed') !== (options.trashed === true)) throw notFound('asset');
  return asset;
}

/** The set-based question: which of these asset ids may the principal see? Unknown and hidden ids are dropped. */
export async function visibleAssetIds(
  services: DamServices,
  principal: Principal,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const root = aclRoot(principal);
  const rows = await liveAssetPaths(services.db, [...new Set(ids)]);
  const allowed = new Set(rows.filter((row) => isUnder(root, row.path)).map((row) => row.id));
  return ids.filter((id, index) => allowed.has(id) && ids.indexOf(id) === index);
}

/** Another user's check-out lock stops edits, deletes and replacements (an administrator can break it). */
export function assertNotLockedByOther(
  asset: Pick<Asset, 'checked_out_by'>,
  principal: Principal,
  message: string = ASSET_MESSAGES.inUse,
) {
  if (asset.checked_out_by !== null && asset.checked_out_by !== principal.user.id)
    throw new ApiError(409, 'in_use', message, 'The asset is checked out by another user.', {
      details: { checkedOutBy: asset.checked_out_by },
    });
}

export const filenameTaken = () =>
  conflict('filename_exists', ASSET_MESSAGES.assetFilenameExists, 'fileName');
