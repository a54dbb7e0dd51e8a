import { Readable } from 'node:stream';
import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import {
  PORTAL_MAX_ASSETS,
  PORTAL_PAGE_SIZE,
  PORTAL_RENDITIONS,
  type PortalRendition,
  type PublicPortal,
} from '../../api/portals.ts';
import type { unlockShareSchema } from '../../api/shares.ts';
import { ApiError } from '../api/api-error.ts';
import { tokenHash } from '../auth/tokens.ts';
import type { Portal } from '../db/schema.ts';
import { attachment } from '../downloads/content-disposition.ts';
import type { DamServices } from '../services.ts';
import { countOnLastByte } from '../visitors/counted-download.ts';
import { type FileRequest, visitorFileResponse, visitorRenditionResponse } from '../visitors/visitor-file.ts';
import type { VisitKind } from '../visitors/visitor-gate.ts';
import * as gate from '../visitors/visitor-gate.ts';
import { type Requester, VISITOR_HEADERS } from '../visitors/visitor-headers.ts';
import { visitorZipResponse } from '../visitors/visitor-zip.ts';
import { askPermissionWorkflows } from '../workflows/permission-workflows.ts';
import { ownerPrincipal, type PortalAsset, portalAssets } from './portal-assets.ts';
import { portalMails } from './portal-mails.ts';
import {
  insertPortalDownload,
  type PortalSources,
  portalByTokenHash,
  renditionNamesOf,
  renditionOf,
  sourcesOf,
  takePortalDownload,
  userById,
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
const noSuchItem = () => new ApiError(404, 'not_found', MESSAGES.notFound, 'Not an asset of this portal.');

/** R-PORTAL-STATES: the portal an address names while it is published and not expired; else its state, and nothing. */
export async function livePortal(services: DamServices, token: string): Promise<Portal> {
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

/** R-PORTAL-RENDITIONS: what the portal lets its visitors download, in the list's order. */
const offeredOf = (portal: Portal): PortalRendition[] =>
  PORTAL_RENDITIONS.filter((name) => portal.renditions.includes(name));

export const notOffered = () =>
  new ApiError(404, 'not_found', MESSAGES.notFound, 'The portal does not offer this for download.');

/** A portal as a visited thing: its terms are accepted before any download. */
export const portalVisit = (portal: Portal): VisitKind => ({
  code: 'portal',
  table: 'portals',
  terms: portal.terms,
});

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
  const grant = gate.grantOf(portal, query.grant);
  if (portal.password_hash !== null && !grant) return { locked: true };
  const assets = await portalAssets(services, portal, await sourcesOfPortal(services, portal), {
    search: query.q,
    limit: PORTAL_MAX_ASSETS,
  });
  const page = assets.slice(0, PORTAL_PAGE_SIZE);
  const renditions = await renditionNamesOf(
    services.db,
    page.map((asset) => asset.id),
    ['thumbnail', ...PORTAL_RENDITIONS],
  );
  const held = new Set(renditions.map((row) => `${row.asset_id}:${row.name}`));
  const has = (id: number, name: string) => held.has(`${id}:${name}`);
  const offered = offeredOf(portal);
  return {
    locked: false,
    name: portal.name,
    description: portal.description,
    terms: portal.terms,
    accepted: gate.termsAccepted(portalVisit(portal), grant),
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
      downloads: offered.filter((name) => name === 'original' || has(asset.id, name)),
    })),
    hasLogo: portal.logo !== null,
    hasFavicon: portal.favicon !== null,
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
  return gate.unlockVisit(services, portalVisit(portal), portal, body);
}

/**
 * Takes one of the portal's downloads (R-PORTAL-LIMITS) and logs it, counted or not; the owner is mailed when it takes
 * the last one.
 */
async function takeFor(
  services: DamServices,
  portal: Portal,
  download: { assetId: number | null; method: 'http-file' | 'http-zip' } & Requester,
): Promise<boolean> {
  const taken = await takePortalDownload(services.db, portal.id);
  await insertPortalDownload(services.db, {
    portalId: portal.id,
    assetId: download.assetId,
    method: download.method,
    ip: download.ip,
    userAgent: download.userAgent,
    counted: taken !== undefined,
  });
  await mailIfExhausted(services, portal, taken);
  return taken !== undefined;
}

/** The owner is mailed when a download took the portal's last one. */
export async function mailIfExhausted(
  services: DamServices,
  portal: Portal,
  taken: { download_count: number; max_downloads: number | null } | undefined,
) {
  if (taken?.max_downloads == null || taken.download_count !== taken.max_downloads) return;
  const owner = await userById(services.db, portal.owner_id);
  if (owner?.email)
    await services.sendMail(portalMails.exhausted(owner.email, portal.name, taken.max_downloads));
}

/**
 * R-WORKFLOW-PERMISSION-SHARED for a portal: its assets leave under the owner's grant, so the Permission workflows of the ACL
 * the portal was made in are asked about them as for the owner's own download, before any byte or transfer spec.
 */
export async function askPortalWorkflows(services: DamServices, portal: Portal, assetIds: number[]) {
  const principal = await ownerPrincipal(services, portal);
  if (principal) await askPermissionWorkflows(services, principal, 'download', assetIds);
}

/** Refuses a download before it starts when the portal has none left. */
export function assertDownloadsLeft(portal: Portal) {
  if (portal.max_downloads !== null && portal.download_count >= portal.max_downloads) throw exhausted();
}

/** The portal's originals a zip or a Rapid download carries: all (up to a page) or the chosen ids among them. */
export async function chosenFiles(services: DamServices, portal: Portal, ids: number[] | undefined) {
  if (!portal.renditions.includes('original')) throw notOffered();
  const assets = await portalAssets(services, portal, await sourcesOfPortal(services, portal), {
    limit: PORTAL_MAX_ASSETS,
  });
  const chosen = ids ? new Set(ids) : undefined;
  return assets
    .filter((asset) => !chosen || chosen.has(asset.id))
    .slice(0, PORTAL_PAGE_SIZE)
    .map((asset) => ({ assetId: asset.id, path: asset.path, fileName: asset.file_name }));
}

/** The thumbnail of one of the portal's assets: it counts nothing. */
export async function portalThumbnail(
  services: DamServices,
  token: string,
  assetId: number,
  grantText: string | undefined,
): Promise<Response> {
  const portal = await livePortal(services, token);
  gate.assertMaySee(portalVisit(portal), portal, grantText);
  await portalAsset(services, portal, assetId);
  const answer = await visitorRenditionResponse(
    services,
    await renditionOf(services.db, assetId, 'thumbnail'),
  );
  if (!answer) throw noSuchItem();
  return answer;
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
  request: FileRequest & Requester,
): Promise<Response> {
  const portal = await livePortal(services, token);
  gate.downloadGrant(portalVisit(portal), portal, grantText);
  if (portal.max_downloads !== null && portal.download_count >= portal.max_downloads) throw exhausted();
  if (!portal.renditions.includes('original')) throw notOffered();
  const asset = await portalAsset(services, portal, assetId);
  await askPortalWorkflows(services, portal, [assetId]);
  const take = () => takeFor(services, portal, { assetId, method: 'http-file', ...request });
  const answer = await visitorFileResponse(
    services,
    { path: asset.path, fileName: asset.file_name },
    request,
    take,
  );
  if (!answer) throw noSuchItem();
  return answer;
}

/**
 * The portal's assets (the first page, or the chosen ids among them) as one streamed ZIP64; one of the portal's
 * downloads is taken at its last byte, as for a file (R-PORTAL-ZIP, R-PORTAL-LIMITS).
 */
export async function portalZip(
  services: DamServices,
  token: string,
  query: { grant?: string | undefined; ids?: number[] | undefined },
  request: Requester,
): Promise<Response> {
  const portal = await livePortal(services, token);
  gate.downloadGrant(portalVisit(portal), portal, query.grant);
  assertDownloadsLeft(portal);
  const files = await chosenFiles(services, portal, query.ids);
  await askPortalWorkflows(
    services,
    portal,
    files.map((file) => file.assetId),
  );
  const answer = await visitorZipResponse(
    services,
    files,
    portal.name,
    request.head,
    async () => () => takeFor(services, portal, { assetId: null, method: 'http-zip', ...request }),
  );
  if (!answer) throw noSuchItem();
  return answer;
}

/** The portal's logo or favicon, to anyone holding its address while it is live (the page shows it before the password). */
export async function portalImage(
  services: DamServices,
  token: string,
  which: 'logo' | 'favicon',
): Promise<Response> {
  const portal = await livePortal(services, token);
  const bytes = portal[which];
  const type = portal[`${which}_type`];
  if (!bytes || !type) throw noSuchItem();
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...VISITOR_HEADERS,
      'Content-Type': type,
      'Content-Length': String(bytes.byteLength),
      'Content-Security-Policy': "default-src 'none'",
    },
  });
}

/**
 * A named rendition of one of the portal's assets, when the portal offers it (R-PORTAL-RENDITIONS); counted at its last
 * byte like a file (a HEAD counts nothing).
 */
export async function portalRenditionFile(
  services: DamServices,
  token: string,
  assetId: number,
  name: Exclude<PortalRendition, 'original'>,
  grantText: string | undefined,
  request: Requester,
): Promise<Response> {
  const portal = await livePortal(services, token);
  gate.downloadGrant(portalVisit(portal), portal, grantText);
  if (portal.max_downloads !== null && portal.download_count >= portal.max_downloads) throw exhausted();
  if (!portal.renditions.includes(name)) throw notOffered();
  const asset = await portalAsset(services, portal, assetId);
  await askPortalWorkflows(services, portal, [assetId]);
  const rendition = await renditionOf(services.db, assetId, name);
  const stored = rendition ? await services.storage.renditions.stat(rendition.storage_key) : undefined;
  if (!rendition || !stored) throw noSuchItem();
  const stem = asset.file_name.includes('.')
    ? asset.file_name.slice(0, asset.file_name.lastIndexOf('.'))
    : asset.file_name;
  const extension = rendition.storage_key.includes('.')
    ? rendition.storage_key.slice(rendition.storage_key.lastIndexOf('.'))
    : '';
  const headers = {
    ...VISITOR_HEADERS,
    'Content-Type': rendition.mime_type,
    'Content-Length': String(stored.size),
    'Content-Disposition': attachment(`${stem}-${name}${extension}`),
  };
  if (request.head) return new Response(null, { headers });
  const source = Readable.toWeb(
    await services.storage.renditions.read(rendition.storage_key),
  ) as ReadableStream<Uint8Array>;
  const body = countOnLastByte(source, () =>
    takeFor(services, portal, { assetId, method: 'http-file', ...request }),
  );
  return new Response(body, { headers });
}
