import { lstat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { PORTAL_MAX_ASSETS, PORTAL_PAGE_SIZE, type PublicPortal } from '../../api/portals.ts';
import {
  SHARE_PASSWORD_ATTEMPTS,
  SHARE_PASSWORD_WINDOW_MINUTES,
  type unlockShareSchema,
} from '../../api/shares.ts';
import { confinePath, readNoFollow } from '../access/storage-path.ts';
import { ApiError } from '../api/api-error.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { tokenHash } from '../auth/tokens.ts';
import { failuresInWindow, recordFailedAttempt } from '../db/password-attempts.ts';
import type { Portal } from '../db/schema.ts';
import { parseByteRange } from '../downloads/byte-range.ts';
import { attachment } from '../downloads/content-disposition.ts';
import type { DamServices } from '../services.ts';
import { countOnLastByte } from '../shares/counted-download.ts';
import { type Grant, newGrant, readGrant } from '../shares/share-grants.ts';
import { RECIPIENT_HEADERS, type Requester } from '../shares/share-recipient-service.ts';
import { type PortalAsset, portalAssets } from './portal-assets.ts';
import {
  insertPortalDownload,
  type PortalSources,
  portalByTokenHash,
  renditionOf,
  sourcesOf,
  takePortalDownload,
  thumbnailNames,
} from './portal-queries.ts';
import { portalState } from './portal-service.ts';

/** An unknown or guessed address answers as an expired portal: a probe learns nothing. */
const expired = () =>
  new ApiError(410, 'portal_expired', MESSAGES.portalExpired, 'No such portal, or it expired.');
const unpublished = () =>
  new ApiError(410, 'portal_unpublished', MESSAGES.portalUnpublished, 'The portal is not published.');
const exhausted = () =>
  new ApiError(
    410,
    'portal_exhausted',
    ASSET_MESSAGES.downloadMaximumReached,
    'The portal has no download left.',
  );
const locked = () =>
  new ApiError(403, 'portal_locked', MESSAGES.accessDenied, 'Unlock the portal (password, terms) first.');
const noSuchItem = () => new ApiError(404, 'not_found', MESSAGES.notFound, 'Not an asset of this portal.');

/** R-PORTAL-STATES: the portal an address names while it is published and not expired; else its state, and nothing. */
async function livePortal(services: DamServices, token: string): Promise<Portal> {
  const portal = await portalByTokenHash(services.db, tokenHash(token));
  if (!portal || portalState(portal) === 'expired') throw expired();
  if (!portal.published) throw unpublished();
  return portal;
}

async function sourcesOfPortal(services: DamServices, portal: Portal): Promise<PortalSources> {
  const rows = await sourcesOf(services.db, [portal.id]);
  return {
    collectionIds: rows.filter((row) => row.kind === 'collection').map((row) => row.source_id),
    folderIds: rows.filter((row) => row.kind === 'folder').map((row) => row.source_id),
  };
}

const grantOf = (portal: Portal, text: string | undefined) => readGrant(portal.grant_secret, text);

function assertMaySee(portal: Portal, grantText: string | undefined) {
  if (portal.password_hash !== null && !grantOf(portal, grantText)) throw locked();
}

/** Downloading needs a grant whose terms were accepted (any grant when there are no terms). */
function downloadGrant(portal: Portal, grantText: string | undefined): Grant {
  const grant = grantOf(portal, grantText);
  if (!grant || (portal.terms !== '' && !grant.accepted)) throw locked();
  return grant;
}

/** One asset of the portal, or 404: an id from elsewhere is simply not there. */
async function portalAsset(services: DamServices, portal: Portal, assetId: number): Promise<PortalAsset> {
  const [asset] = await portalAssets(services, portal, await sourcesOfPortal(services, portal), {
    limit: 1,
    onlyId: assetId,
  });
  if (!asset) throw noSuchItem();
  return asset;
}

export async function openPortal(
  services: DamServices,
  token: string,
  query: { grant?: string | undefined; q?: string | undefined },
): Promise<PublicPortal> {
  const portal = await livePortal(services, token);
  const grant = grantOf(portal, query.grant);
  if (portal.password_hash !== null && !grant) return { locked: true };
  const assets = await portalAssets(services, portal, await sourcesOfPortal(services, portal), {
    search: query.q,
    limit: PORTAL_MAX_ASSETS,
  });
  const page = assets.slice(0, PORTAL_PAGE_SIZE);
  const renditions = await thumbnailNames(
    services.db,
    page.map((asset) => asset.id),
  );
  const has = (id: number, name: string) =>
    renditions.some((row) => row.asset_id === id && row.name === name);
  return {
    locked: false,
    name: portal.name,
    description: portal.description,
    terms: portal.terms,
    accepted: grant !== undefined && (grant.accepted || portal.terms === ''),
    expiresAt: new Date(portal.expires_at).toISOString(),
    downloadsLeft:
      portal.max_downloads === null ? null : Math.max(0, portal.max_downloads - portal.download_count),
    items: page.map((asset) => ({
      id: asset.id,
      fileName: asset.file_name,
      size: Number(asset.size),
      kind: asset.kind,
      mimeType: asset.mime_type,
      thumbnail: has(asset.id, 'thumbnail'),
      preview: has(asset.id, 'preview'),
    })),
    total: assets.length,
  };
}

/** The password (attempts limited per portal, whoever tries) and the terms: a grant for the page's requests. */
export async function unlockPortal(
  services: DamServices,
  token: string,
  body: z.output<typeof unlockShareSchema>,
): Promise<{ grant: string }> {
  const portal = await livePortal(services, token);
  if (portal.password_hash !== null) {
    const tooMany = () =>
      new ApiError(429, 'too_many_attempts', MESSAGES.tooManyAttempts, undefined, {
        details: { retryAfterSeconds: SHARE_PASSWORD_WINDOW_MINUTES * 60 },
      });
    if (
      (await failuresInWindow(services.db, 'portals', portal.id, SHARE_PASSWORD_WINDOW_MINUTES)) >=
      SHARE_PASSWORD_ATTEMPTS
    )
      throw tooMany();
    if (!(await verifyPassword(body.password ?? '', portal.password_hash))) {
      const failures = await recordFailedAttempt(
        services.db,
        'portals',
        portal.id,
        SHARE_PASSWORD_WINDOW_MINUTES,
      );
      if (failures >= SHARE_PASSWORD_ATTEMPTS) throw tooMany();
      throw new ApiError(403, 'share_password', MESSAGES.sharePasswordWrong, 'Wrong portal password.', {
        fields: { password: MESSAGES.sharePasswordWrong },
      });
    }
  }
  return { grant: newGrant(portal.grant_secret, body.accept || portal.terms === '') };
}

/** The thumbnail of one of the portal's assets: it counts nothing. */
export async function portalThumbnail(
  services: DamServices,
  token: string,
  assetId: number,
  grantText: string | undefined,
): Promise<Response> {
  const portal = await livePortal(services, token);
  assertMaySee(portal, grantText);
  await portalAsset(services, portal, assetId);
  const key = await renditionOf(services.db, assetId, 'thumbnail');
  const stored = key ? await services.storage.renditions.stat(key.storage_key) : undefined;
  if (!key || !stored) throw noSuchItem();
  const stream = await services.storage.renditions.read(key.storage_key);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: { ...RECIPIENT_HEADERS, 'Content-Type': key.mime_type, 'Content-Length': String(stored.size) },
  });
}

/**
 * One file of the portal, whole or the asked range. A response that reaches the file's last byte takes one of the
 * portal's downloads (R-PORTAL-LIMITS, as R-SHARE-LIMIT: never a GET alone, a HEAD or a thumbnail; in one statement).
 */
export async function portalFile(
  services: DamServices,
  token: string,
  assetId: number,
  grantText: string | undefined,
  request: { range: string | undefined; ifRange: string | undefined } & Requester,
): Promise<Response> {
  const portal = await livePortal(services, token);
  downloadGrant(portal, grantText);
  if (portal.max_downloads !== null && portal.download_count >= portal.max_downloads) throw exhausted();
  const asset = await portalAsset(services, portal, assetId);
  const absolute = confinePath(services.config.storageRoot, asset.path);
  const info = absolute ? await lstat(absolute).catch(() => undefined) : undefined;
  if (!absolute || !info?.isFile()) throw noSuchItem();
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    ...RECIPIENT_HEADERS,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': attachment(asset.file_name),
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
  const take = async () => {
    const counted = await takePortalDownload(services.db, portal.id);
    await insertPortalDownload(services.db, {
      portalId: portal.id,
      assetId,
      ip: request.ip,
      userAgent: request.userAgent,
      counted,
    });
    return counted;
  };
  const reachesEnd = info.size === 0 || end === info.size - 1;
  const body = request.head || !reachesEnd ? source : countOnLastByte(source, take);
  return new Response(request.head ? null : body, {
    status: range === 'whole' ? 200 : 206,
    headers: {
      ...headers,
      'Content-Length': String(info.size === 0 ? 0 : end - start + 1),
      ...(range === 'whole' ? {} : { 'Content-Range': `bytes ${start}-${end}/${info.size}` }),
    },
  });
}
