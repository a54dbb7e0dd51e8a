import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { PublicShare, unlockShareSchema } from '../../api/shares.ts';
import { aclsHeldBy } from '../access/acls-held.ts';
import type { Principal } from '../access/principal.ts';
import { mayShare } from '../access/share-gate.ts';
import { ApiError } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { tokenHash } from '../auth/tokens.ts';
import type { ExternalShare } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { type FileRequest, visitorFileResponse, visitorRenditionResponse } from '../visitors/visitor-file.ts';
import type { VisitKind } from '../visitors/visitor-gate.ts';
import * as gate from '../visitors/visitor-gate.ts';
import type { Requester } from '../visitors/visitor-headers.ts';
import { visitorZipResponse } from '../visitors/visitor-zip.ts';
import { askPermissionWorkflows } from '../workflows/permission-workflows.ts';
import type { Grant } from './share-grants.ts';
import { shareMails } from './share-mails.ts';
import {
  closeDownload,
  completedFiles,
  insertDownload,
  liveSharedAssets,
  markDownloadCounted,
  openFilesDownload,
  ownerOf,
  recordFileCompleted,
  renditionFile,
  renditionNames,
  shareByTokenHash,
  sharedItem,
  sharedItems,
  takeShareDownload,
} from './share-queries.ts';
import { shareState } from './share-service.ts';

/** An unknown, guessed, expired or revoked link: one answer for all, so a probe learns nothing. */
const unavailable = () =>
  new ApiError(
    410,
    'share_unavailable',
    MESSAGES.linkInvalid,
    'No such share, or it expired or was revoked.',
  );
const exhausted = () =>
  new ApiError(
    410,
    'share_exhausted',
    ASSET_MESSAGES.downloadMaximumReached,
    'The share has no download left.',
  );
const noSuchItem = () => new ApiError(404, 'not_found', MESSAGES.notFound, 'Not a file of this share.');

/** The share a link names while it gives files; anything else answers as expired (or as exhausted). */
export async function liveShare(services: DamServices, token: string): Promise<ExternalShare> {
  const share = await shareByTokenHash(services.db, tokenHash(token));
  const state = share ? shareState(share) : 'expired';
  if (!share || state === 'expired' || state === 'revoked') throw unavailable();
  if (state === 'exhausted') throw exhausted();
  return share;
}

/** The sharer as they are now, in the ACL the share was made in (null: they no longer hold it, or left). */
async function sharerPrincipal(services: DamServices, share: ExternalShare): Promise<Principal | null> {
  const user = await ownerOf(services.db, share.owner_id);
  if (user?.status !== 'active' || share.acl_id === null) return null;
  const acls = await aclsHeldBy(services.db, user.id);
  const acl = acls.find((each) => each.id === share.acl_id);
  if (!acl) return null;
  return { user, acls, acl, via: 'session', adminMode: false };
}

export interface SharedFile {
  assetId: number;
  fileName: string;
  path: string;
  size: number;
  kind: string;
  mimeType: string;
}

/**
 * What the share still gives: its files, in their order, that exist and that the sharer may still share and see
 * (access is checked again at every request); `gone` counts the others.
 */
export async function sharedFiles(services: DamServices, share: ExternalShare) {
  const items = await sharedItems(services.db, share.id);
  const principal = await sharerPrincipal(services, share);
  if (!principal || !mayShare(services.config, principal))
    return { files: [] as SharedFile[], gone: items.length };
  const visible = await visibleAssetIds(
    services,
    principal,
    items.map((item) => item.asset_id),
  );
  const live = new Map((await liveSharedAssets(services.db, visible)).map((row) => [row.id, row]));
  const files: SharedFile[] = [];
  for (const item of items) {
    const asset = live.get(item.asset_id);
    if (asset)
      files.push({
        assetId: item.asset_id,
        fileName: item.file_name,
        path: asset.path,
        size: Number(asset.size),
        kind: asset.kind,
        mimeType: asset.mime_type,
      });
  }
  return { files, gone: items.length - files.length };
}

/**
 * One file of the share, checked alone as `sharedFiles` checks each (a thumbnail must not cost the whole share's
 * check: a page of a 1,000-file share asks for dozens at once). Undefined when it is not, or no longer, given.
 */
async function sharedFile(
  services: DamServices,
  share: ExternalShare,
  assetId: number,
): Promise<SharedFile | undefined> {
  const item = await sharedItem(services.db, share.id, assetId);
  if (!item) return undefined;
  const principal = await sharerPrincipal(services, share);
  if (!principal || !mayShare(services.config, principal)) return undefined;
  const visible = await visibleAssetIds(services, principal, [assetId]);
  const [asset] = await liveSharedAssets(services.db, visible);
  if (!asset) return undefined;
  return {
    assetId,
    fileName: item.file_name,
    path: asset.path,
    size: Number(asset.size),
    kind: asset.kind,
    mimeType: asset.mime_type,
  };
}

/**
 * R-WORKFLOW-PERMISSION-SHARED for a share: its files leave under the sharer's grant, so the Permission workflows of the ACL
 * the share was made in are asked about them as for the sharer's own download, before any byte or transfer spec.
 */
export async function askShareWorkflows(services: DamServices, share: ExternalShare, files: SharedFile[]) {
  const principal = await sharerPrincipal(services, share);
  if (principal)
    await askPermissionWorkflows(
      services,
      principal,
      'download',
      files.map((file) => file.assetId),
    );
}

/** A share as a visited thing: its licensing text is its terms. */
export const shareVisit = (share: ExternalShare): VisitKind => ({
  code: 'share',
  table: 'external_shares',
  terms: share.licensing_text,
});

/** Downloading needs a grant whose licence was accepted (any grant when there is no licensing text). */
export const downloadGrant = (share: ExternalShare, grantText: string | undefined): Grant =>
  gate.downloadGrant(shareVisit(share), share, grantText);

export async function openShare(
  services: DamServices,
  token: string,
  grantText: string | undefined,
): Promise<PublicShare> {
  const share = await liveShare(services, token);
  const grant = gate.grantOf(share, grantText);
  if (share.password_hash !== null && !grant) return { locked: true };
  const { files, gone } = await sharedFiles(services, share);
  const renditions = await renditionNames(
    services.db,
    files.map((file) => file.assetId),
  );
  const held = new Set(renditions.map((row) => `${row.asset_id}:${row.name}`));
  const has = (id: number, name: string) => held.has(`${id}:${name}`);
  return {
    locked: false,
    name: share.name,
    message: share.message,
    licensingText: share.licensing_text,
    expiresAt: new Date(share.expires_at).toISOString(),
    downloadsLeft: share.max_downloads === null ? null : share.max_downloads - share.download_count,
    accepted: gate.termsAccepted(shareVisit(share), grant),
    items: files.map((file) => ({
      id: file.assetId,
      fileName: file.fileName,
      size: file.size,
      kind: file.kind,
      mimeType: file.mimeType,
      thumbnail: has(file.assetId, 'thumbnail'),
      preview: has(file.assetId, 'preview'),
    })),
    goneCount: gone,
    totalSize: files.reduce((sum, file) => sum + file.size, 0),
  };
}

/** The password (attempts limited per share, whoever tries) and the licence: a grant for the page's requests. */
export async function unlockShare(
  services: DamServices,
  token: string,
  body: z.output<typeof unlockShareSchema>,
): Promise<{ grant: string }> {
  const share = await liveShare(services, token);
  return gate.unlockVisit(services, shareVisit(share), share, body);
}

/** One rendition of a shared file (a thumbnail, a preview): it counts nothing. */
export async function shareRendition(
  services: DamServices,
  token: string,
  assetId: number,
  name: 'thumbnail' | 'preview',
  grantText: string | undefined,
): Promise<Response> {
  const share = await liveShare(services, token);
  gate.assertMaySee(shareVisit(share), share, grantText);
  if (!(await sharedFile(services, share, assetId))) throw noSuchItem();
  const answer = await visitorRenditionResponse(services, await renditionFile(services.db, assetId, name));
  if (!answer) throw noSuchItem();
  return answer;
}

/** After a download took one of the share's: the sharer hears of the first one and of the last one. */
async function mailSharer(
  services: DamServices,
  share: ExternalShare,
  taken: { download_count: number; max_downloads: number | null },
) {
  const owner = await ownerOf(services.db, share.owner_id);
  if (!owner?.email) return;
  if (taken.download_count === 1)
    await services.sendMail(shareMails.firstDownload(owner.email, share.name, 1, taken.max_downloads));
  if (taken.max_downloads !== null && taken.download_count === taken.max_downloads)
    await services.sendMail(shareMails.exhausted(owner.email, share.name, taken.max_downloads));
}

/** Takes one download for a completed transfer of the whole share; false when none was left. */
export async function takeFor(
  services: DamServices,
  share: ExternalShare,
  downloadId: number,
): Promise<boolean> {
  // Close the download first, in the transaction that takes the count: of two reports of one download, the one that
  // does not close it takes nothing.
  const taken = await services.db.transaction().execute(async (trx) => {
    if (!(await closeDownload(trx, downloadId))) return undefined;
    const count = await takeShareDownload(trx, share.id);
    await markDownloadCounted(trx, downloadId, count !== undefined);
    return count;
  });
  if (taken) await mailSharer(services, share, taken);
  return taken !== undefined;
}

/**
 * One shared file, whole or the asked range. A response that reaches the file's last byte marks it delivered to this
 * visit; when every file of the share is delivered, the share counts one download (the last byte waits for it).
 */
export async function shareFile(
  services: DamServices,
  token: string,
  assetId: number,
  grantText: string | undefined,
  request: FileRequest & Requester,
): Promise<Response> {
  const share = await liveShare(services, token);
  const grant = downloadGrant(share, grantText);
  const { files } = await sharedFiles(services, share);
  const file = files.find((each) => each.assetId === assetId);
  if (!file) throw noSuchItem();
  await askShareWorkflows(services, share, [file]);
  const delivered = async () => {
    const download =
      (await openFilesDownload(services.db, share.id, grant.visit))?.id ??
      (await insertDownload(services.db, {
        shareId: share.id,
        visit: grant.visit,
        method: 'http-files',
        ip: request.ip,
        userAgent: request.userAgent,
      }));
    await recordFileCompleted(services.db, download, assetId);
    const done = new Set(await completedFiles(services.db, download));
    if (!files.every((each) => done.has(each.assetId))) return true;
    return takeFor(services, share, download);
  };
  const answer = await visitorFileResponse(services, file, request, delivered);
  if (!answer) throw noSuchItem();
  return answer;
}

/** Every shared file as one stored zip, its length known up front; the share counts a download at its last byte. */
export async function shareZip(
  services: DamServices,
  token: string,
  grantText: string | undefined,
  request: Requester,
): Promise<Response> {
  const share = await liveShare(services, token);
  const grant = downloadGrant(share, grantText);
  const { files } = await sharedFiles(services, share);
  await askShareWorkflows(services, share, files);
  const answer = await visitorZipResponse(services, files, share.name, request.head, async () => {
    const downloadId = await insertDownload(services.db, {
      shareId: share.id,
      visit: grant.visit,
      method: 'http-zip',
      ip: request.ip,
      userAgent: request.userAgent,
    });
    return () => takeFor(services, share, downloadId);
  });
  if (!answer) throw noSuchItem();
  return answer;
}
