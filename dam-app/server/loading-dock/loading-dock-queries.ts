import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The owner's latest hundred docks, newest first. */
export const ownDocks = (db: Kysely<Database>, ownerId: number) =>
  db
    .selectFrom('loading_docks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();

/** One of the owner's docks by its notification id; `openOnly` leaves out the done ones. */
export function ownDock(db: Kysely<Database>, ownerId: number, notificationId: string, openOnly: boolean) {
  let query = db
    .selectFrom('loading_docks')
    .selectAll()
    .where('notification_id', '=', notificationId)
    .where('owner_id', '=', ownerId);
  if (openOnly) query = query.where('done_at', 'is', null);
  return query.executeTakeFirst();
}

/** The assets of the owner's cart in cart order, or undefined when the owner has no such cart. */
export async function ownCartAssetIds(db: Kysely<Database>, ownerId: number, cartId: number) {
  const cart = await db
    .selectFrom('carts')
    .select('id')
    .where('id', '=', cartId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!cart) return undefined;
  const rows = await db
    .selectFrom('cart_assets')
    .select('asset_id')
    .where('cart_id', '=', cart.id)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.asset_id);
}

export const activeAssetFiles = (db: Kysely<Database>, ids: number[]) =>
  db
    .selectFrom('assets')
    .select(['id', 'path', 'file_name', 'size'])
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .execute();

export interface DockFile {
  assetId: number;
  key: string;
  fileName: string;
  size: number;
}

export const setDockFiles = (db: Kysely<Database>, dockId: number, files: DockFile[]) =>
  db
    .updateTable('loading_docks')
    .set({ files: JSON.stringify(files) })
    .where('id', '=', dockId)
    .execute();

export const dockById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('loading_docks').selectAll().where('id', '=', id).executeTakeFirst();

export async function markDockDone(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('loading_docks').set({ done_at: new Date() }).where('id', '=', id).execute();
}

/** Locks the user's row until the transaction ends: one quota check at a time per user. */
export async function lockUserRow(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The bytes the user's docks not yet done hold. */
export const openDockBytes = async (db: Kysely<Database>, ownerId: number) =>
  Number(
    (
      await db
        .selectFrom('loading_docks')
        .select(sql<string>`coalesce(sum(total_size), 0)`.as('used'))
        .where('owner_id', '=', ownerId)
        .where('done_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).used,
  );

/** A new, empty dock holding `total` bytes of the owner's quota; its id. */
export const insertDock = async (
  db: Kysely<Database>,
  notificationId: string,
  ownerId: number,
  total: number,
) =>
  (
    await db
      .insertInto('loading_docks')
      .values({ notification_id: notificationId, owner_id: ownerId, files: '[]', total_size: total })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
