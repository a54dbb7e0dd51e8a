import { type Kysely, sql } from 'kysely';
import { forbidden } from '../api/api-error.ts';
import type { DamConfig } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { Principal } from './principal.ts';
import { mayDownload } from './transfer-gates.ts';

/**
 * The assets among `assetIds` the user may download through an approved request to download: the item approved,
 * the request still approved (a rejection or a move back to pending ends it) and its due date not passed.
 */
export async function grantedAssetIds(
  db: Kysely<Database>,
  userId: number,
  assetIds: number[],
): Promise<Set<number>> {
  if (assetIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('download_request_items as item')
    .innerJoin('download_requests as request', 'request.id', 'item.request_id')
    .select('item.asset_id')
    .distinct()
    .where('request.requestor_id', '=', userId)
    .where('request.kind', '=', 'download')
    .where('request.status', '=', 'download approved')
    .where('item.decision', '=', 'approved')
    .where('request.due_at', '>', sql<Date>`now()`)
    .where('item.asset_id', 'in', [...new Set(assetIds)])
    .execute();
  return new Set(rows.map((row) => row.asset_id));
}

/**
 * The download gate for named assets: the principal may download (assertMayDownload), or every one of the assets is
 * granted to them by an approved request. Downloads must be allowed on this DAM either way.
 */
export async function assertMayDownloadAssets(
  db: Kysely<Database>,
  config: Pick<DamConfig, 'allowDownload'>,
  principal: Principal,
  assetIds: number[],
): Promise<void> {
  if (mayDownload(config, principal)) return;
  if (!config.allowDownload || assetIds.length === 0) throw forbidden();
  const granted = await grantedAssetIds(db, principal.user.id, assetIds);
  if (!assetIds.every((id) => granted.has(id))) throw forbidden();
}
