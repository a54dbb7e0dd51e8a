import { type Kysely, sql } from 'kysely';
import type { Database, LoadingDockItem, LoadingDockState } from '../db/schema.ts';

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

/** One of the owner's open docks by its id. */
export const ownOpenDockById = (db: Kysely<Database>, ownerId: number, dockId: number) =>
  db
    .selectFrom('loading_docks')
    .selectAll()
    .where('id', '=', dockId)
    .where('owner_id', '=', ownerId)
    .where('done_at', 'is', null)
    .executeTakeFirst();

export const dockById = (db: Kysely<Database>, dockId: number) =>
  db.selectFrom('loading_docks').selectAll().where('id', '=', dockId).executeTakeFirst();

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
    .select(['id', 'path', 'file_name', 'size', 'version_number'])
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .execute();

export const setDockState = (
  db: Kysely<Database>,
  dockId: number,
  changes: {
    state?: LoadingDockState;
    files?: LoadingDockItem[];
    placedSize?: number;
    totalSize?: number;
  },
) =>
  db
    .updateTable('loading_docks')
    .set({
      ...(changes.state ? { state: changes.state } : {}),
      ...(changes.files ? { files: JSON.stringify(changes.files) } : {}),
      ...(changes.placedSize !== undefined ? { placed_size: changes.placedSize } : {}),
      ...(changes.totalSize !== undefined ? { total_size: changes.totalSize } : {}),
    })
    .where('id', '=', dockId)
    .where('done_at', 'is', null)
    .execute();

export const markDockDone = (db: Kysely<Database>, dockId: number) =>
  db
    .updateTable('loading_docks')
    .set({ done_at: new Date() })
    .where('id', '=', dockId)
    .where('done_at', 'is', null)
    .execute();

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

/** A new dock in state `preparing`, its items listed, holding `total` bytes of the owner's quota; its id. */
export const insertDock = async (
  db: Kysely<Database>,
  ownerId: number,
  dock: { notificationId: string; items: LoadingDockItem[]; total: number; folder: string },
) =>
  (
    await db
      .insertInto('loading_docks')
      .values({
        notification_id: dock.notificationId,
        owner_id: ownerId,
        files: JSON.stringify(dock.items),
        total_size: dock.total,
        state: 'preparing',
        folder: dock.folder,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
