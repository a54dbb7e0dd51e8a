import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { createShareSchema, ShareView, shareSourceSchema, updateShareSchema } from '../../api/shares.ts';
import { EXPIRY_NOT_FUTURE } from '../../api/working-sets.ts';
import type { Principal } from '../access/principal.ts';
import { assertMayShare } from '../access/share-gate.ts';
import { ApiError, invalid } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { ExternalShare } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { cartAssets } from '../working-sets/cart-service.ts';
import { collectionAssets } from '../working-sets/collection-service.ts';
import { newGrantSecret } from './share-grants.ts';
import { shareMails } from './share-mails.ts';
import {
  assetCounts,
  assetFileNames,
  downloadsOf,
  findOwnShare,
  insertShare,
  ownShares,
  revokeShareRow,
  updateShareRow,
} from './share-queries.ts';

type Downloads = Awaited<ReturnType<typeof downloadsOf>>;

export function shareState(share: ExternalShare, now = Date.now()): ShareView['state'] {
  if (share.revoked_at) return 'revoked';
  if (new Date(share.expires_at).getTime() <= now) return 'expired';
  if (share.max_downloads !== null && share.download_count >= share.max_downloads) return 'exhausted';
  return 'active';
}

function view(share: ExternalShare, assetCount: number, downloads: Downloads): ShareView {
  return {
    id: share.id,
    name: share.name,
    message: share.message,
    recipients: share.recipients,
    licensingText: share.licensing_text,
    hasPassword: share.password_hash !== null,
    expiresAt: new Date(share.expires_at).toISOString(),
    maxDownloads: share.max_downloads,
    downloadCount: share.download_count,
    state: shareState(share),
    assetCount,
    createdAt: share.created_at.toISOString(),
    downloads: downloads
      .filter((each) => each.share_id === share.id)
      .map((each) => ({
        at: each.started_at.toISOString(),
        completedAt: each.completed_at?.toISOString() ?? null,
        ip: each.ip,
        method: each.method,
        counted: each.counted,
      })),
  };
}

async function views(services: DamServices, shares: ExternalShare[]): Promise<ShareView[]> {
  const ids = shares.map((share) => share.id);
  const [counts, downloads] = await Promise.all([
    assetCounts(services.db, ids),
    downloadsOf(services.db, ids),
  ]);
  return shares.map((share) => view(share, counts.get(share.id) ?? 0, downloads));
}

/**
 * R-SHARE-EXPIRY: the expiration date cannot be today or past nor more than the maximum days ahead, "today" being the
 * owner's; the share ends at the end of that day where the owner is (an instant is stored).
 */
export function expirationInstant(
  expiresOn: string,
  utcOffsetMinutes: number,
  maxDays: number,
  now = new Date(),
) {
  const ownerToday = new Date(now.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
  const day = (text: string) => Date.parse(`${text}T00:00:00Z`) / 86_400_000;
  const ahead = day(expiresOn) - day(ownerToday);
  if (ahead <= 0) throw invalid({ expiresOn: EXPIRY_NOT_FUTURE }, 'share_invalid');
  if (ahead > maxDays)
    throw invalid({ expiresOn: ASSET_MESSAGES.shareExpirationTooFar(String(maxDays)) }, 'share_invalid');
  return new Date(Date.parse(`${expiresOn}T23:59:59.999Z`) - utcOffsetMinutes * 60_000);
}

/** The assets a share is made of, as the sharer sees them now (what they may not see is left out). */
async function sharedAssets(
  services: DamServices,
  principal: Principal,
  from: z.output<typeof shareSourceSchema>,
): Promise<{ assetId: number; fileName: string }[]> {
  if ('collectionId' in from)
    return (await collectionAssets(services, principal, from.collectionId)).map((asset) => ({
      assetId: asset.id,
      fileName: asset.fileName,
    }));
  if ('cartId' in from)
    return (await cartAssets(services, principal, from.cartId)).map((asset) => ({
      assetId: asset.id,
      fileName: asset.fileName,
    }));
  const ids = await visibleAssetIds(services, principal, from.ids);
  const names = new Map((await assetFileNames(services.db, ids)).map((row) => [row.id, row.file_name]));
  return ids.map((id) => ({ assetId: id, fileName: names.get(id) ?? String(id) }));
}

export const shareLink = (services: DamServices, token: string) =>
  `${services.config.publicUrl}/#share=${token}`;

export async function listShares(services: DamServices, principal: Principal) {
  return {
    items: await views(services, await ownShares(services.db, principal.user.id)),
    maxExpirationDays: services.config.shareMaxDays,
  };
}

async function ownShare(services: DamServices, principal: Principal, id: number) {
  const share = await findOwnShare(services.db, principal.user.id, id);
  if (!share) throw new ApiError(404, 'not_found', MESSAGES.shareNotFound, 'No such share, or not yours.');
  return share;
}

export async function getShare(services: DamServices, principal: Principal, id: number) {
  const [shown] = await views(services, [await ownShare(services, principal, id)]);
  return shown as ShareView;
}

export async function createShare(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof createShareSchema>,
) {
  assertMayShare(services.config, principal);
  const expiresAt = expirationInstant(body.expiresOn, body.utcOffsetMinutes, services.config.shareMaxDays);
  const items = await sharedAssets(services, principal, body.from);
  if (items.length === 0)
    throw new ApiError(
      400,
      'share_empty',
      MESSAGES.externalLinkError,
      'Nothing to share: no asset you may see.',
    );
  const token = newToken();
  const passwordHash = body.password ? await hashPassword(body.password, services.config.scryptLogN) : null;
  const link = shareLink(services, token);
  const id = await services.db
    .transaction()
    .execute(async (trx) => {
      const created = await insertShare(
        trx,
        {
          owner_id: principal.user.id,
          acl_id: principal.acl?.id ?? null,
          name: body.name,
          message: body.message,
          recipients: body.recipients,
          licensing_text: body.licensingText,
          token_hash: tokenHash(token),
          password_hash: passwordHash,
          grant_secret: newGrantSecret(),
          expires_at: expiresAt,
          max_downloads: body.maxDownloads,
          source: 'ids' in body.from ? 'selection' : 'collectionId' in body.from ? 'collection' : 'cart',
        },
        items,
      );
      const sharer = principal.user.username;
      for (const to of body.recipients)
        await services.sendMail(
          shareMails.link(
            to,
            { sharer, name: body.name, message: body.message, expiresAt, hasPassword: passwordHash !== null },
            link,
          ),
          trx,
        );
      return created;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      services.log.error('shares.create_failed', { error: (error as Error).stack });
      throw new ApiError(500, 'share_failed', MESSAGES.externalLinkError, 'The share could not be stored.');
    });
  return { share: await getShare(services, principal, id), link };
}

export async function updateShare(
  services: DamServices,
  principal: Principal,
  id: number,
  body: z.output<typeof updateShareSchema>,
) {
  await ownShare(services, principal, id);
  const expiresAt = expirationInstant(body.expiresOn, body.utcOffsetMinutes, services.config.shareMaxDays);
  const password =
    body.password === undefined
      ? {}
      : {
          password_hash:
            body.password === null ? null : await hashPassword(body.password, services.config.scryptLogN),
          // Grants given under the old password lapse.
          grant_secret: newGrantSecret(),
        };
  await updateShareRow(services.db, id, {
    name: body.name,
    message: body.message,
    licensing_text: body.licensingText,
    max_downloads: body.maxDownloads,
    expires_at: expiresAt,
    ...password,
  });
  return getShare(services, principal, id);
}

export async function revokeShare(services: DamServices, principal: Principal, id: number) {
  await ownShare(services, principal, id);
  await revokeShareRow(services.db, id);
}
