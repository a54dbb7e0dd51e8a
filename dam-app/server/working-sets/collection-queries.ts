import { type Kysely, sql } from 'kysely';
import type { Principal } from '../access/principal.ts';
import type { Database } from '../db/schema.ts';
import { assetVisibleTo } from './member-queries.ts';

/** Collections a user sees: their own, public ones, and those shared with one of their groups; never expired ones of others. */
function visibleCollections(db: Kysely<Database>, principal: Principal) {
  const userId = principal.user.id;
  return db
    .selectFrom('collections')
    .innerJoin('users', 'users.id', 'collections.owner_id')
    .selectAll('collections')
    .select([
      'users.username as owner',
      (eb) =>
        eb
          .selectFrom('collection_assets')
          .innerJoin('assets', 'assets.id', 'collection_assets.asset_id')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('collection_assets.collection_id', '=', 'collections.id')
          .where(assetVisibleTo(principal))
          .as('asset_count'),
    ])
    .where((eb) =>
      eb.or([
        eb('collections.owner_id', '=', userId),
        eb.and([
          eb.or([eb('collections.expires_at', 'is', null), eb('collections.expires_at', '>', new Date())]),
          eb.or([
            eb('collections.public', '=', true),
            eb(
              'collections.shared_group_id',
              'in',
              eb.selectFrom('group_members').select('group_id').where('user_id', '=', userId),
            ),
          ]),
        ]),
      ]),
    );
}

export type CollectionRow = Awaited<ReturnType<ReturnType<typeof visibleCollections>['execute']>>[number];

export const visibleCollectionRows = (db: Kysely<Database>, principal: Principal) =>
  visibleCollections(db, principal).orderBy(sql`lower(collections.name)`).execute();

export const findVisibleCollection = (db: Kysely<Database>, principal: Principal, id: number) =>
  visibleCollections(db, principal).where('collections.id', '=', id).executeTakeFirst();

/** Groups one may share with: one's own groups, or every group for an administrator. */
export function shareGroups(db: Kysely<Database>, principal: Principal) {
  let query = db.selectFrom('groups').select(['groups.id', 'groups.name']).orderBy(sql`lower(groups.name)`);
  if (!principal.user.is_admin)
    query = query.where(
      'groups.id',
      'in',
      db.selectFrom('group_members').select('group_id').where('user_id', '=', principal.user.id),
    );
  return query.execute();
}

export const groupExists = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export interface CollectionFields {
  name: string;
  description: string;
  shared_group_id?: number | null;
  modifiable?: boolean;
  public?: boolean;
  bundle?: boolean;
  expires_at?: Date | null;
}

export const insertCollection = async (
  db: Kysely<Database>,
  ownerId: number,
  fields: Required<CollectionFields>,
) =>
  (
    await db
      .insertInto('collections')
      .values({ ...fields, owner_id: ownerId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const updateCollectionRow = (db: Kysely<Database>, id: number, fields: CollectionFields) =>
  db.updateTable('collections').set(fields).where('id', '=', id).execute();

export const deleteCollectionRow = (db: Kysely<Database>, id: number) =>
  db.deleteFrom('collections').where('id', '=', id).execute();

/** The collection's asset ids in the order they joined (ids added together in id order). */
export const collectionAssetIds = async (db: Kysely<Database>, collectionId: number) =>
  (
    await db
      .selectFrom('collection_assets')
      .select('asset_id')
      .where('collection_id', '=', collectionId)
      .orderBy('added_at')
      .orderBy('asset_id')
      .execute()
  ).map((row) => row.asset_id);

/** Adds the assets not there yet; answers how many were added. */
export async function insertCollectionAssets(db: Kysely<Database>, collectionId: number, assetIds: number[]) {
  if (assetIds.length === 0) return 0;
  const inserted = await db
    .insertInto('collection_assets')
    .values(assetIds.map((asset_id) => ({ collection_id: collectionId, asset_id })))
    .onConflict((oc) => oc.columns(['collection_id', 'asset_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

export async function deleteCollectionAssets(db: Kysely<Database>, collectionId: number, assetIds: number[]) {
  if (assetIds.length === 0) return;
  await db
    .deleteFrom('collection_assets')
    .where('collection_id', '=', collectionId)
    .where('asset_id', 'in', assetIds)
    .execute();
}

/** The active asset rows of these ids, for a bundle's files (order not kept). */
export const activeAssetFiles = (db: Kysely<Database>, ids: number[]) =>
  ids.length
    ? db
        .selectFrom('assets')
        .select(['id', 'path', 'file_name', 'size'])
        .where('id', 'in', ids)
        .where('status', '=', 'active')
        .execute()
    : Promise.resolve([]);
