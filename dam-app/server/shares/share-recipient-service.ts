import { lstat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { downloadZip, predictLength } from 'client-zip';
import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import {
  type PublicShare,
  SHARE_PASSWORD_ATTEMPTS,
  SHARE_PASSWORD_WINDOW_MINUTES,
  type unlockShareSchema,
} from '../../api/shares.ts';
import { aclsHeldBy } from '../access/acls-held.ts';
import type { Principal } from '../access/principal.ts';
import { mayShare } from '../access/share-gate.ts';
import { confinePath, readNoFollow } from '../access/storage-path.ts';
import { ApiError } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { tokenHash } from '../auth/tokens.ts';
import { failuresInWindow, recordFailedAttempt } from '../db/password-attempts.ts';
import type { ExternalShare } from '../db/schema.ts';
import { parseByteRange } from '../downloads/byte-range.ts';
import { attachment } from '../downloads/content-disposition.ts';
import type { DamServices } from '../services.ts';
import { countOnLastByte } from './counted-download.ts';
import { type Grant, newGrant, readGrant } from './share-grants.ts';
import { shareMails } from './share-mails.ts';
import {
  completedFiles,
  insertDownload,
  liveSharedAssets,
  markDownloadComplete,
  openFilesDownload,
  ownerOf,
  recordFileCompleted,
  renditionFile,
  renditionNames,
  shareByTokenHash,
  sharedItems,
  takeShareDownload,
} from './share-queries.ts';
import { shareState } from './share-service.ts';

/** Recipient answers are not indexed and send no referrer (a link in a licensing text must not carry the token). */
export const RECIPIENT_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

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
const locked = () =>
  new ApiError(403, 'share_locked', MESSAGES.accessDenied, 'Unlock the share (password, licence) first.');
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

function grantOf(share: ExternalShare, text: string | undefined): Grant | undefined {
  return readGrant(share.grant_secret, text);
}

/** Seeing the share's files needs the password's grant when it has one. */
function assertMaySee(share: ExternalShare, grantText: string | undefined) {
  if (share.password_hash !== null && !grantOf(share, grantText)) throw locked();
}

/** Downloading needs a grant whose licence was accepted (any grant when there is no licensing text). */
export function downloadGrant(share: ExternalShare, grantText: string | undefined): Grant {
  const grant = grantOf(share, grantText);
  if (!grant || (share.licensing_text !== '' && !grant.accepted)) throw locked();
  return grant;
}

export async function openShare(
  services: DamServices,
  token: string,
  grantText: string | undefined,
): Promise<PublicShare> {
  const share = await liveShare(services, token);
  const grant = grantOf(share, grantText);
  if (share.password_hash !== null && !grant) return { locked: true };
  const { files, gone } = await sharedFiles(services, share);
  const renditions = await renditionNames(
    services.db,
    files.map((file) => file.assetId),
  );
  const has = (id: number, name: string) =>
    renditions.some((row) => row.asset_id === id && row.name === name);
  return {
    locked: false,
    name: share.name,
    message: share.message,
    licensingText: share.licensing_text,
    expiresAt: new Date(share.expires_at).toISOString(),
    downloadsLeft: share.max_downloads === null ? null : share.max_downloads - share.download_count,
    accepted: grant !== undefined && (grant.accepted || share.licensing_text === ''),
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
  if (share.password_hash !== null) {
    const tooMany = () =>
      new ApiError(429, 'too_many_attempts', MESSAGES.tooManyAttempts, undefined, {
        details: { retryAfterSeconds: SHARE_PASSWORD_WINDOW_MINUTES * 60 },
      });
    if (
      (await failuresInWindow(services.db, 'external_shares', share.id, SHARE_PASSWORD_WINDOW_MINUTES)) >=
      SHARE_PASSWORD_ATTEMPTS
    )
      throw tooMany();
    if (!(await verifyPassword(body.password ?? '', share.password_hash))) {
      const failures = await recordFailedAttempt(
        services.db,
        'external_shares',
        share.id,
        SHARE_PASSWORD_WINDOW_MINUTES,
      );
      if (failures >= SHARE_PASSWORD_ATTEMPTS) throw tooMany();
      throw new ApiError(403, 'share_password', MESSAGES.sharePasswordWrong, 'Wrong share password.', {
        fields: { password: MESSAGES.sharePasswordWrong },
      });
    }
  }
  return { grant: newGrant(share.grant_secret, body.accept || share.licensing_text === '') };
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
  assertMaySee(share, grantText);
  const { files } = await sharedFiles(services, share);
  if (!files.some((file) => file.assetId === assetId)) throw noSuchItem();
  const key = await renditionFile(services.db, assetId, name);
  const stored = key ? await services.storage.renditions.stat(key.storage_key) : undefined;
  if (!key || !stored) throw noSuchItem();
  const stream = await services.storage.renditions.read(key.storage_key);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: { ...RECIPIENT_HEADERS, 'Content-Type': key.mime_type, 'Content-Length': String(stored.size) },
  });
}

/** Who downloads, for the sharer's list. */
export interface Requester {
  ip: string;
  userAgent: string;
  head: boolean;
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
  const taken = await takeShareDownload(services.db, share.id);
  await markDownloadComplete(services.db, downloadId, taken !== undefined);
  if (taken) await mailSharer(services, share, taken);
  return taken !== undefined;
}

const absoluteOf = (services: DamServices, file: SharedFile) => {
  const absolute = confinePath(services.config.storageRoot, file.path);
  if (!absolute) throw noSuchItem();
  return absolute;
};

/**
 * One shared file, whole or the asked range. A response that reaches the file's last byte marks it delivered to this
 * visit; when every file of the share is delivered, the share counts one download (the last byte waits for it).
 */
export async function shareFile(
  services: DamServices,
  token: string,
  assetId: number,
  grantText: string | undefined,
  request: { range: string | undefined; ifRange: string | undefined } & Requester,
): Promise<Response> {
  const share = await liveShare(services, token);
  const grant = downloadGrant(share, grantText);
  const { files } = await sharedFiles(services, share);
  const file = files.find((each) => each.assetId === assetId);
  if (!file) throw noSuchItem();
  const absolute = absoluteOf(services, file);
  const info = await lstat(absolute).catch(() => undefined);
  if (!info?.isFile()) throw noSuchItem();
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    ...RECIPIENT_HEADERS,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': attachment(file.fileName),
    'Accept-Ranges': 'bytes',
    'Last-Modified': info.mtime.toUTCString(),
    ETag: etag,
  };
  const rangeHeader = request.ifRange && request.ifRange !== etag ? undefined : request.range;
  const range = parseByteRange(rangeHeader, info.size);
  if (range === 'unsatisfiable')
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'Content-Range': `bytes */${info.size}` },
    });
  const { start, end } = range === 'whole' ? { start: 0, end: info.size - 1 } : range;
  const source =
    info.size === 0
      ? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
      : (Readable.toWeb(readNoFollow(absolute, { start, end })) as ReadableStream<Uint8Array>);
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
  const reachesEnd = info.size === 0 || end === info.size - 1;
  const body = request.head || !reachesEnd ? source : countOnLastByte(source, delivered);
  return new Response(request.head ? null : body, {
    status: range === 'whole' ? 200 : 206,
    headers: {
      ...headers,
      'Content-Length': String(info.size === 0 ? 0 : end - start + 1),
      ...(range === 'whole' ? {} : { 'Content-Range': `bytes ${start}-${end}/${info.size}` }),
    },
  });
}

/** A name safe inside a zip: one segment (no `/`, `\\`, `..`, control characters), unique in the archive. */
export function zipEntryName(fileName: string, taken: Set<string>): string {
  const cleaned =
    [...fileName]
      .map((ch) => {
        const code = ch.codePointAt(0) ?? 0;
        return code < 0x20 || code === 0x7f || '/\\:'.includes(ch) ? '_' : ch;
      })
      .join('')
      .replace(/^\.+/, '')
      .trim() || 'file';
  let name = cleaned;
  const dot = cleaned.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [cleaned.slice(0, dot), cleaned.slice(dot)] : [cleaned, ''];
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${ext}`;
  taken.add(name.toLowerCase());
  return name;
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
  const taken = new Set<string>();
  const entries: { name: string; absolute: string; size: number; lastModified: Date }[] = [];
  for (const file of files) {
    const absolute = confinePath(services.config.storageRoot, file.path);
    const info = absolute ? await lstat(absolute).catch(() => undefined) : undefined;
    if (absolute && info?.isFile())
      entries.push({
        name: zipEntryName(file.fileName, taken),
        absolute,
        size: info.size,
        lastModified: info.mtime,
      });
  }
  if (entries.length === 0) throw noSuchItem();
  const length = predictLength(entries.map(({ name, size, lastModified }) => ({ name, size, lastModified })));
  const headers = {
    ...RECIPIENT_HEADERS,
    'Content-Type': 'application/zip',
    'Content-Length': length.toString(),
    'Content-Disposition': attachment(zipEntryName(`${share.name}.zip`, new Set())),
  };
  if (request.head) return new Response(null, { headers });
  const downloadId = await insertDownload(services.db, {
    shareId: share.id,
    visit: grant.visit,
    method: 'http-zip',
    ip: request.ip,
    userAgent: request.userAgent,
  });
  const inputs = function* () {
    for (const entry of entries)
      yield {
        name: entry.name,
        lastModified: entry.lastModified,
        size: entry.size,
        input: Readable.toWeb(readNoFollow(entry.absolute)) as ReadableStream<Uint8Array>,
      };
  };
  const zip = downloadZip(inputs(), { length });
  const body = countOnLastByte(zip.body as ReadableStream<Uint8Array>, () =>
    takeFor(services, share, downloadId),
  );
  return new Response(body, { headers });
}
