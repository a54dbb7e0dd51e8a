import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export const findOwnCart = (db: Kysely<Database>, ownerId: number, id: number) =>
  db.selectFrom('carts').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();

/** Cart names are unique per owner, whatever their case. */
export async function cartNameTaken(db: Kysely<Database>, ownerId: number, name: string, except?: number) {
  let query = db
    .selectFrom('carts')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

const cartSummaries = (db: Kysely<Database>) =>
  db
    .selectFrom('carts')
    .leftJoin('cart_assets', 'cart_assets.cart_id', 'carts.id')
    .select(['carts.id', 'carts.name', db.fn.count<string>('cart_assets.asset_id').as('count')])
    .groupBy(['carts.id', 'carts.name']);

const summary = (row: { id: number; name: string; count: string | number | bigint }) => ({
  id: row.id,
  name: row.name,
  assetCount: Number(row.count),
});

export const ownCartSummaries = async (db: Kysely<Database>, ownerId: number) =>
  (
    await cartSummaries(db).where('carts.owner_id', '=', ownerId).orderBy(sql`lower(carts.name)`).execute()
  ).map(summary);

export const cartSummary = async (db: Kysely<Database>, id: number) =>
  summary(await cartSummaries(db).where('carts.id', '=', id).executeTakeFirstOrThrow());

export const insertCart = async (db: Kysely<Database>, ownerId: number, name: string) =>
  (await db.insertInto('carts').values({ owner_id: ownerId, name }).returning('id').executeTakeFirstOrThrow())
    .id;

export const updateCartName = (db: Kysely<Database>, id: number, name: string) =>
  db.updateTable('carts').set({ name }).where('id', '=', id).execute();

export const deleteCartRow = (db: Kysely<Database>, id: number) =>
  db.deleteFrom('carts').where('id', '=', id).execute();

/** The cart's asset ids in the order they were added. */
export const cartAssetIds = async (db: Kysely<Database>, cartId: number) =>
  (
    await db
      .selectFrom('cart_assets')
      .select('asset_id')
      .where('cart_id', '=', cartId)
      .orderBy('position')
      .execute()
  ).map((row) => row.asset_id);

/** Locks the cart row until the transaction ends, so additions to one cart run one after the other. */
export const lockCart = (trx: Kysely<Database>, id: number) =>
  trx.selectFrom('carts').select('id').where('id', '=', id).forUpdate().execute();

export const cartMembers = (db: Kysely<Database>, cartId: number) =>
  db.selectFrom('cart_assets').select(['asset_id', 'position']).where('cart_id', '=', cartId).execute();

/** Appends the assets after position `start - 1`, in the order given. */
export async function insertCartAssets(
  db: Kysely<Database>,
  cartId: number,
  assetIds: number[],
  start: number,
) {
  if (assetIds.length === 0) return;
  await db
    .insertInto('cart_assets')
    .values(assetIds.map((asset_id, index) => ({ cart_id: cartId, asset_id, position: start + index })))
    .execute();
}

export const deleteCartAssets = (db: Kysely<Database>, cartId: number, assetIds: number[]) =>
  db.deleteFrom('cart_assets').where('cart_id', '=', cartId).where('asset_id', 'in', assetIds).execute();
