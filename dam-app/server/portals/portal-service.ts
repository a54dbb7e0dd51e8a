import type { z } from 'zod';
import { MESSAGES, portalAssetLimitMessage } from '../../api/messages.ts';
import {
  type createPortalSchema,
  PORTAL_MAX_ASSETS,
  PORTAL_MAX_DAYS,
  type PortalDownloadView,
  type PortalView,
  portalImageType,
  type updatePortalSchema,
} from '../../api/portals.ts';
import type { Principal } from '../access/principal.ts';
import { assertMayPublishPortal } from '../access/share-gate.ts';
import { ApiError } from '../api/api-error.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import type { Portal } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { newGrantSecret } from '../shares/share-grants.ts';
import { expirationInstant } from '../shares/share-service.ts';
import { sourcesAssets } from './portal-assets.ts';
import {
  deletePortalRow,
  findOwnPortal,
  insertPortal,
  ownPortals,
  type PortalSources,
  portalDownloadRows,
  replaceSources,
  sourcesOf,
  updatePortalRow,
} from './portal-queries.ts';

type Sources = Awaited<ReturnType<typeof sourcesOf>>;

/** R-PORTAL-STATES: expired once its date passed, whatever else; else published or not. */
export function portalState(portal: Portal, now = Date.now()): PortalView['state'] {
  if (new Date(portal.expires_at).getTime() <= now) return 'expired';
  return portal.published ? 'published' : 'unpublished';
}

function view(portal: Portal, sources: Sources): PortalView {
  const mine = sources.filter((source) => source.portal_id === portal.id);
  return {
    id: portal.id,
    name: portal.name,
    description: portal.description,
    terms: portal.terms,
    hasPassword: portal.password_hash !== null,
    published: portal.published,
    state: portalState(portal),
    expiresAt: new Date(portal.expires_at).toISOString(),
    maxDownloads: portal.max_downloads,
    downloadCount: portal.download_count,
    collectionIds: mine.filter((source) => source.kind === 'collection').map((source) => source.source_id),
    folderIds: mine.filter((source) => source.kind === 'folder').map((source) => source.source_id),
    createdAt: portal.created_at.toISOString(),
    hasLogo: portal.logo !== null,
    hasFavicon: portal.favicon !== null,
    renditions: portal.renditions as PortalView['renditions'],
  };
}

/** A logo or favicon as sent (base64): left out keeps it, null removes it, else its bytes and type (by content). */
function imageChanges(which: 'logo' | 'favicon', base64: string | null | undefined) {
  if (base64 === undefined) return {};
  if (base64 === null) return { [which]: null, [`${which}_type`]: null };
  return { [which]: Buffer.from(base64, 'base64'), [`${which}_type`]: portalImageType(base64) ?? null };
}

const images = (body: { logo?: string | null | undefined; favicon?: string | null | undefined }) => ({
  ...imageChanges('logo', body.logo),
  ...imageChanges('favicon', body.favicon),
});

async function views(services: DamServices, portals: Portal[]) {
  const sources = await sourcesOf(
    services.db,
    portals.map((portal) => portal.id),
  );
  return portals.map((portal) => view(portal, sources));
}

export const portalLink = (services: DamServices, token: string) =>
  `${services.config.publicUrl}/#portal=${token}`;

export async function listPortals(services: DamServices, principal: Principal) {
  return {
    items: await views(services, await ownPortals(services.db, principal.user.id)),
    maxExpirationDays: PORTAL_MAX_DAYS,
  };
}

async function ownPortal(services: DamServices, principal: Principal, id: number) {
  const portal = await findOwnPortal(services.db, principal.user.id, id);
  if (!portal) throw new ApiError(404, 'not_found', MESSAGES.portalNotFound, 'No such portal, or not yours.');
  return portal;
}

async function getPortal(services: DamServices, principal: Principal, id: number) {
  const [shown] = await views(services, [await ownPortal(services, principal, id)]);
  return shown as PortalView;
}

/**
 * R-PORTAL-LIMITS: the sources must be the owner's to see, and give fewer than PORTAL_MAX_ASSETS assets (checked when
 * saved and when published: a collection may have grown since).
 */
async function assertSources(services: DamServices, principal: Principal, sources: PortalSources) {
  const assets = await sourcesAssets(services, principal, sources, {
    limit: PORTAL_MAX_ASSETS,
    strict: true,
  });
  if (assets.length >= PORTAL_MAX_ASSETS)
    throw new ApiError(
      400,
      'portal_too_large',
      portalAssetLimitMessage(PORTAL_MAX_ASSETS),
      `The sources give ${PORTAL_MAX_ASSETS} assets or more.`,
    );
}

/** Making, editing and publishing a portal need externalPortal and the download gate (R-PORTAL-PUBLISH). */
export async function createPortal(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof createPortalSchema>,
) {
  assertMayPublishPortal(services.config, principal);
  const expiresAt = expirationInstant(body.expiresOn, body.utcOffsetMinutes, PORTAL_MAX_DAYS);
  await assertSources(services, principal, body);
  const token = newToken();
  const passwordHash = body.password ? await hashPassword(body.password, services.config.scryptLogN) : null;
  const id = await services.db.transaction().execute((trx) =>
    insertPortal(
      trx,
      {
        owner_id: principal.user.id,
        acl_id: principal.acl?.id ?? null,
        name: body.name,
        description: body.description,
        terms: body.terms,
        token_hash: tokenHash(token),
        password_hash: passwordHash,
        grant_secret: newGrantSecret(),
        expires_at: expiresAt,
        max_downloads: body.maxDownloads,
        renditions: body.renditions,
        ...images(body),
      },
      body,
    ),
  );
  return { portal: await getPortal(services, principal, id), link: portalLink(services, token) };
}

export async function updatePortal(
  services: DamServices,
  principal: Principal,
  id: number,
  body: z.output<typeof updatePortalSchema>,
) {
  await ownPortal(services, principal, id);
  assertMayPublishPortal(services.config, principal);
  const expiresAt = expirationInstant(body.expiresOn, body.utcOffsetMinutes, PORTAL_MAX_DAYS);
  await assertSources(services, principal, body);
  const password =
    body.password === undefined
      ? {}
      : {
          password_hash:
            body.password === null ? null : await hashPassword(body.password, services.config.scryptLogN),
          // Grants given under the old password lapse.
          grant_secret: newGrantSecret(),
        };
  await services.db.transaction().execute(async (trx) => {
    await updatePortalRow(trx, id, {
      name: body.name,
      description: body.description,
      terms: body.terms,
      max_downloads: body.maxDownloads,
      expires_at: expiresAt,
      ...password,
      renditions: body.renditions,
      ...images(body),
    });
    await replaceSources(trx, id, body);
  });
  return getPortal(services, principal, id);
}

/** Publishing and unpublishing take effect at once: every visitor request reads the flag. */
export async function publishPortal(
  services: DamServices,
  principal: Principal,
  id: number,
  published: boolean,
) {
  const portal = await ownPortal(services, principal, id);
  if (published) {
    assertMayPublishPortal(services.config, principal);
    const [shown] = await views(services, [portal]);
    await assertSources(services, principal, shown as PortalView);
  }
  await updatePortalRow(services.db, id, { published });
  return getPortal(services, principal, id);
}

export async function deletePortal(services: DamServices, principal: Principal, id: number) {
  await ownPortal(services, principal, id);
  await deletePortalRow(services.db, id);
}

/** The portal's download log for its owner (the rows each counted or refused download left). */
export async function listPortalDownloads(
  services: DamServices,
  principal: Principal,
  id: number,
): Promise<{ items: PortalDownloadView[] }> {
  await ownPortal(services, principal, id);
  const rows = await portalDownloadRows(services.db, id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      method: row.method,
      fileName: row.file_name ?? null,
      ip: row.ip,
      userAgent: row.user_agent,
      counted: row.counted,
      completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    })),
  };
}
