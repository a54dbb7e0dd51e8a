import { MESSAGES } from '../../api/messages.ts';
import { aclsHeldBy } from '../access/acls-held.ts';
import type { Principal } from '../access/principal.ts';
import { mayPublishPortal } from '../access/share-gate.ts';
import { ApiError } from '../api/api-error.ts';
import type { Portal } from '../db/schema.ts';
import { aclRoot, isUnder } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { visibleCollection } from '../working-sets/collection-service.ts';
import { folderPaths, type PortalSources, sourceAssets, userById } from './portal-queries.ts';

export type PortalAsset = Awaited<ReturnType<typeof sourceAssets>>[number];

/** The owner as they are now, in the ACL the portal was made in (null: they no longer hold it, or left). */
export async function ownerPrincipal(services: DamServices, portal: Portal): Promise<Principal | null> {
  const user = await userById(services.db, portal.owner_id);
  if (user?.status !== 'active' || portal.acl_id === null) return null;
  const acls = await aclsHeldBy(services.db, user.id);
  const acl = acls.find((each) => each.id === portal.acl_id);
  if (!acl) return null;
  return { user, acls, acl, via: 'session', adminMode: false };
}

/**
 * What the sources give as `principal` sees them now: the assets of the collections they may still see and under the
 * folders still in their ACL, limited to that ACL's root (a collection can hold assets from elsewhere). `strict`
 * answers 404 for a source they may not see (when the portal is saved) instead of leaving it out (when it is visited).
 */
export async function sourcesAssets(
  services: DamServices,
  principal: Principal,
  sources: PortalSources,
  options: { search?: string; limit: number; onlyId?: number; strict?: boolean },
): Promise<PortalAsset[]> {
  const root = aclRoot(principal);
  const collectionIds: number[] = [];
  for (const id of sources.collectionIds) {
    const seen = await visibleCollection(services, principal, id).then(
      () => true,
      (error: unknown) => {
        if (options.strict) throw error;
        return false;
      },
    );
    if (seen) collectionIds.push(id);
  }
  const folders = await folderPaths(services.db, sources.folderIds);
  const paths = folders.filter((folder) => isUnder(root, folder.path)).map((folder) => folder.path);
  if (options.strict && paths.length < new Set(sources.folderIds).size)
    throw new ApiError(
      404,
      'not_found',
      MESSAGES.folderNotFound,
      'A folder of the portal is not yours to see.',
    );
  const rows = await sourceAssets(services.db, { collectionIds, folderPaths: paths }, options);
  return rows.filter((row) => isUnder(root, row.path));
}

/** The portal's assets for a visitor: nothing when the owner may no longer publish portals. */
export async function portalAssets(
  services: DamServices,
  portal: Portal,
  sources: PortalSources,
  options: { search?: string; limit: number; onlyId?: number },
): Promise<PortalAsset[]> {
  const principal = await ownerPrincipal(services, portal);
  if (!principal || !mayPublishPortal(services.config, principal)) return [];
  return sourcesAssets(services, principal, sources, options);
}
