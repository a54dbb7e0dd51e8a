import type { z } from 'zod';
import type { saveCollectionSchema, selectionSchema } from '../../api/working-sets.ts';
import { can, type Principal } from '../access/principal.ts';
import { conflict, forbidden, invalid, notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import {
  type CollectionRow,
  collectionAssetIds,
  deleteCollectionAssets,
  deleteCollectionRow,
  findVisibleCollection,
  groupExists,
  insertCollection,
  insertCollectionAssets,
  shareGroups,
  updateCollectionRow,
  visibleCollectionRows,
} from './collection-queries.ts';
import { resolveSelection, visibleMemberViews } from './selection-service.ts';

const MAX_COLLECTION_ASSETS = 10_000;
const SHARE_GROUP_UNKNOWN = 'No such group.';
type SaveCollection = z.output<typeof saveCollectionSchema>;

const view = (row: CollectionRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  owner: row.owner,
  sharedWithGroupId: row.shared_group_id,
  modifiable: row.modifiable,
  public: row.public,
  bundle: row.bundle,
  expiresAt: row.expires_at?.toISOString() ?? null,
  assetCount: Number(row.asset_count ?? 0),
});

const fields = (body: SaveCollection) => ({
  name: body.name,
  description: body.description,
  shared_group_id: body.sharedWithGroupId,
  modifiable: body.modifiable,
  public: body.public,
  bundle: body.bundle,
  expires_at: body.expiresAt ? new Date(body.expiresAt) : null,
});

/** A collection the person may see, else 404 (what one may not see does not exist for them). */
export async function visibleCollection(services: DamServices, principal: Principal, id: number) {
  const row = await findVisibleCollection(services.db, principal, id);
  if (!row) throw notFound('collection');
  return row;
}

/** The owner changes a collection; others only when it is modifiable; both need 'modifying collections'. */
async function changeableCollection(services: DamServices, principal: Principal, id: number) {
  const row = await visibleCollection(services, principal, id);
  if (!can(principal, 'modifying collections')) throw forbidden();
  if (row.owner_id !== principal.user.id && !row.modifiable) throw forbidden();
  return row;
}

/** Names are unique per owner: creating or renaming onto a taken name is a conflict, not a failure. */
function collectionNameTaken(error: unknown): never {
  if (isUniqueViolation(error))
    throw conflict('collection_exists', 'A collection with this name already exists.', 'name');
  throw error;
}

/** A collection is shared only with a group that exists (a missing one would break the foreign key). */
async function assertShareGroup(services: DamServices, groupId: number | null) {
  if (groupId !== null && !(await groupExists(services.db, groupId)))
    throw invalid({ sharedWithGroupId: SHARE_GROUP_UNKNOWN });
}

export const listShareGroups = (services: DamServices, principal: Principal) =>
  shareGroups(services.db, principal);

export const listCollections = async (services: DamServices, principal: Principal) =>
  (await visibleCollectionRows(services.db, principal)).map(view);

export async function createCollection(services: DamServices, principal: Principal, body: SaveCollection) {
  if (!can(principal, 'modifying collections')) throw forbidden();
  await assertShareGroup(services, body.sharedWithGroupId);
  const id = await insertCollection(services.db, principal.user.id, fields(body)).catch(collectionNameTaken);
  return view(await visibleCollection(services, principal, id));
}

export async function updateCollection(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SaveCollection,
) {
  const row = await changeableCollection(services, principal, id);
  // Sharing and visibility stay the owner's to decide.
  const owner = row.owner_id === principal.user.id;
  if (owner) await assertShareGroup(services, body.sharedWithGroupId);
  const changes = owner ? fields(body) : { name: body.name, description: body.description };
  await updateCollectionRow(services.db, id, changes).catch(collectionNameTaken);
  return view(await visibleCollection(services, principal, id));
}

export async function deleteCollection(services: DamServices, principal: Principal, id: number) {
  const row = await visibleCollection(services, principal, id);
  if (row.owner_id !== principal.user.id) throw forbidden();
  await deleteCollectionRow(services.db, id);
}

/** The members the person may see, in the order they joined. */
export async function visibleMemberIds(services: DamServices, principal: Principal, id: number) {
  return visibleAssetIds(services, principal, await collectionAssetIds(services.db, id));
}

export async function collectionAssets(services: DamServices, principal: Principal, id: number) {
  await visibleCollection(services, principal, id);
  return visibleMemberViews(services, principal, await collectionAssetIds(services.db, id));
}

export async function addToCollection(
  services: DamServices,
  principal: Principal,
  id: number,
  selection: z.output<typeof selectionSchema>,
) {
  await changeableCollection(services, principal, id);
  const { ids, requested } = await resolveSelection(services, principal, selection, MAX_COLLECTION_ASSETS);
  const added = await insertCollectionAssets(services.db, id, ids);
  return { added, skipped: requested - added, notices: [] };
}

export async function removeFromCollection(
  services: DamServices,
  principal: Principal,
  id: number,
  assetIds: number[],
) {
  await changeableCollection(services, principal, id);
  // Members this person cannot see are not theirs to remove (the owner or others may see them).
  await deleteCollectionAssets(services.db, id, await visibleAssetIds(services, principal, assetIds));
}
