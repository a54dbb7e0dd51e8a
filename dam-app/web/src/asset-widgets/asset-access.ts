import type { Permission, SessionView } from '../../../api/accounts.ts';
import type { AssetView } from '../../../api/assets.ts';

type Who = Pick<SessionView, 'permissions' | 'features' | 'user'>;

/** The session's permissions are already the current ACL's, or all of them in admin mode (R-ADMIN-MODE). */
export const allows = (session: Who, permission: Permission) => session.permissions.includes(permission);

/** The original file and the print outputs: downloadHiRes, and downloads allowed at all (R-DOWNLOAD-GATE). */
export const mayDownloadOriginal = (session: Who) =>
  session.features.allowDownload && allows(session, 'downloadHiRes');

/** The download menu entries (loading dock, the transfer's Rapid entries): quickDownload or downloadHiRes (R-DOWNLOAD-GATE). */
export const mayDownload = (session: Who) =>
  session.features.allowDownload && (allows(session, 'quickDownload') || allows(session, 'downloadHiRes'));

/** Sharing with people outside the DAM: externalShare, and what a download needs (the server's share gate). */
export const mayShareExternally = (session: Who) => allows(session, 'externalShare') && mayDownload(session);

export const mayChangeAssets = (session: Who) => allows(session, 'file actions');
export const mayModifyCollections = (session: Who) => allows(session, 'modifying collections');

export type LockState = 'free' | 'mine' | 'other';

/** Who holds an asset's check-out lock, as this person sees it. */
export function lockState(asset: Pick<AssetView, 'checkedOutBy'>, session: Who): LockState {
  if (!asset.checkedOutBy) return 'free';
  return asset.checkedOutBy.id === session.user.id ? 'mine' : 'other';
}

/** Metadata edits, rename, move, delete and restore: file actions, and no one else holds the lock. */
export const mayEditAsset = (asset: Pick<AssetView, 'checkedOutBy'>, session: Who) =>
  mayChangeAssets(session) && lockState(asset, session) !== 'other';

/** An administrator may break another person's lock (cancel their check-out). */
export const mayBreakLock = (asset: Pick<AssetView, 'checkedOutBy'>, session: Who) =>
  lockState(asset, session) === 'other' && session.user.isAdmin;
