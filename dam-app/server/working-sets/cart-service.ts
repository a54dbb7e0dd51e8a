import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { CART_FULL_NOTICE, CART_MAX_ASSETS, type selectionSchema } from '../../api/working-sets.ts';
import type { Principal } from '../access/principal.ts';
import { conflict, notFound } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import {
  cartAssetIds,
  cartMembers,
  cartNameTaken,
  cartSummary,
  deleteCartAssets,
  deleteCartRow,
  findOwnCart,
  insertCart,
  insertCartAssets,
  lockCart,
  ownCartSummaries,
  updateCartName,
} from './cart-queries.ts';
import { resolveSelection, visibleMemberViews } from './selection-service.ts';

/** A cart is its owner's alone: anyone else's is, for them, not there. */
async function ownCart(services: DamServices, principal: Principal, id: number) {
  const cart = await findOwnCart(services.db, principal.user.id, id);
  if (!cart) throw notFound('cart');
  return cart;
}

async function assertNameFree(services: DamServices, principal: Principal, name: string, except?: number) {
  if (await cartNameTaken(services.db, principal.user.id, name, except))
    throw conflict('cart_exists', ASSET_MESSAGES.cartNameUnique, 'name');
}

export const listCarts = (services: DamServices, principal: Principal) =>
  ownCartSummaries(services.db, principal.user.id);

export async function createCart(services: DamServices, principal: Principal, name: string) {
  await assertNameFree(services, principal, name);
  return cartSummary(services.db, await insertCart(services.db, principal.user.id, name));
}

export async function renameCart(services: DamServices, principal: Principal, id: number, name: string) {
  await ownCart(services, principal, id);
  await assertNameFree(services, principal, name, id);
  await updateCartName(services.db, id, name);
  return cartSummary(services.db, id);
}

export async function deleteCart(services: DamServices, principal: Principal, id: number) {
  await ownCart(services, principal, id);
  await deleteCartRow(services.db, id);
}

/** The assets in the cart the person can still see, in the order they were added. */
export async function cartAssets(services: DamServices, principal: Principal, id: number) {
  await ownCart(services, principal, id);
  return visibleMemberViews(services, principal, await cartAssetIds(services.db, id));
}

/** Adds what the selection names and the person may see, up to the cart's limit: the first ones. */
export async function addToCart(
  services: DamServices,
  principal: Principal,
  id: number,
  selection: z.output<typeof selectionSchema>,
) {
  await ownCart(services, principal, id);
  const { ids, requested } = await resolveSelection(services, principal, selection, CART_MAX_ASSETS);
  return services.db.transaction().execute(async (trx) => {
    // Serialise additions to one cart, so two tabs cannot together pass the limit.
    await lockCart(trx, id);
    const present = await cartMembers(trx, id);
    const inCart = new Set(present.map((row) => row.asset_id));
    const fresh = ids.filter((assetId) => !inCart.has(assetId));
    const room = Math.max(0, CART_MAX_ASSETS - present.length);
    const adding = fresh.slice(0, room);
    const start = present.reduce((max, row) => Math.max(max, row.position), 0) + 1;
    await insertCartAssets(trx, id, adding, start);
    return {
      added: adding.length,
      skipped: requested - adding.length,
      notices: fresh.length > room ? [CART_FULL_NOTICE] : [],
    };
  });
}

export async function removeFromCart(
  services: DamServices,
  principal: Principal,
  id: number,
  assetIds: number[],
) {
  await ownCart(services, principal, id);
  await deleteCartAssets(services.db, id, assetIds);
}
