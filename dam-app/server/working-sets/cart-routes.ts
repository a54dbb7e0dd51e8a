import { sql } from 'kysely';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import { idParamSchema } from '../../api/admin.ts';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { assetSchema } from '../../api/assets.ts';
import { dbId } from '../../api/db-safe.ts';
import {
  addedSchema,
  CART_FULL_NOTICE,
  CART_MAX_ASSETS,
  cartNameSchema,
  cartSchema,
  selectionSchema,
} from '../../api/working-sets.ts';
import type { Principal } from '../access/principal.ts';
import { conflict, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { assetViews } from '../assets/asset-views.ts';
import type { DamServices } from '../services.ts';
import { resolveSelection } from './selection.ts';

const tag = 'Carts';

async function myCart(services: DamServices, principal: Principal, id: number) {
  const cart = await services.db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', principal.user.id)
    .executeTakeFirst();
  if (!cart) throw notFound('cart');
  return cart;
}

async function nameTaken(services: DamServices, principal: Principal, name: string, except?: number) {
  let query = services.db
    .selectFrom('carts')
    .select('id')
    .where('owner_id', '=', principal.user.id)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

const cartView = async (services: DamServices, id: number) => {
  const row = await services.db
    .selectFrom('carts')
    .leftJoin('cart_assets', 'cart_assets.cart_id', 'carts.id')
    .select(['carts.id', 'carts.name', services.db.fn.count<string>('cart_assets.asset_id').as('count')])
    .where('carts.id', '=', id)
    .groupBy(['carts.id', 'carts.name'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, assetCount: Number(row.count) };
};

export const cartRoutes = [
  defineRoute({
    method: 'get',
    path: '/carts',
    tag,
    summary: 'My carts',
    auth: 'user',
    response: z.array(cartSchema),
    async handler({ services, principal }) {
      const rows = await services.db
        .selectFrom('carts')
        .leftJoin('cart_assets', 'cart_assets.cart_id', 'carts.id')
        .select(['carts.id', 'carts.name', services.db.fn.count<string>('cart_assets.asset_id').as('count')])
        .where('carts.owner_id', '=', principal.user.id)
        .groupBy(['carts.id', 'carts.name'])
        .orderBy(sql`lower(carts.name)`)
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, assetCount: Number(row.count) }));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/carts',
    tag,
    summary: 'Create a cart (name required and unique)',
    auth: 'user',
    body: cartNameSchema,
    response: cartSchema,
    status: 201,
    async handler({ services, principal, body }) {
      if (await nameTaken(services, principal, body.name))
        throw conflict('cart_exists', ASSET_MESSAGES.cartNameUnique, 'name');
      const row = await services.db
        .insertInto('carts')
        .values({ owner_id: principal.user.id, name: body.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return cartView(services, row.id);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/carts/{id}',
    tag,
    summary: 'Rename a cart',
    auth: 'user',
    params: idParamSchema,
    body: cartNameSchema,
    response: cartSchema,
    async handler({ services, principal, params, body }) {
      await myCart(services, principal, params.id);
      if (await nameTaken(services, principal, body.name, params.id))
        throw conflict('cart_exists', ASSET_MESSAGES.cartNameUnique, 'name');
      await services.db.updateTable('carts').set({ name: body.name }).where('id', '=', params.id).execute();
      return cartView(services, params.id);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/carts/{id}',
    tag,
    summary: 'Delete a cart (its assets stay)',
    auth: 'user',
    params: idParamSchema,
    response: okSchema,
    async handler({ services, principal, params }) {
      await myCart(services, principal, params.id);
      await services.db.deleteFrom('carts').where('id', '=', params.id).execute();
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/carts/{id}/assets',
    tag,
    summary: 'The assets in a cart, in the order they were added (those I can still see)',
    auth: 'user',
    params: idParamSchema,
    response: z.object({ items: z.array(assetSchema) }),
    async handler({ services, principal, params }) {
      await myCart(services, principal, params.id);
      const rows = await services.db
        .selectFrom('cart_assets')
        .select('asset_id')
        .where('cart_id', '=', params.id)
        .orderBy('position')
        .execute();
      const ids = await visibleAssetIds(
        services,
        principal,
        rows.map((row) => row.asset_id),
      );
      const assets = ids.length
        ? await services.db.selectFrom('assets').selectAll().where('id', 'in', ids).execute()
        : [];
      const byId = new Map(assets.map((asset) => [asset.id, asset]));
      return {
        items: await assetViews(
          services.db,
          ids.flatMap((id) => byId.get(id) ?? []),
        ),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/carts/{id}/assets',
    tag,
    summary: `Add assets by ids or by a search; at most ${CART_MAX_ASSETS} per cart, the first ones are added`,
    auth: 'user',
    params: idParamSchema,
    body: selectionSchema,
    response: addedSchema,
    async handler({ services, principal, params, body }) {
      await myCart(services, principal, params.id);
      const { ids, requested } = await resolveSelection(services, principal, body, CART_MAX_ASSETS);
      return services.db.transaction().execute(async (trx) => {
        // Serialise additions to one cart, so two tabs cannot together pass the limit.
        await trx.selectFrom('carts').select('id').where('id', '=', params.id).forUpdate().execute();
        const present = await trx
          .selectFrom('cart_assets')
          .select(['asset_id', 'position'])
          .where('cart_id', '=', params.id)
          .execute();
        const inCart = new Set(present.map((row) => row.asset_id));
        const fresh = ids.filter((id) => !inCart.has(id));
        const room = Math.max(0, CART_MAX_ASSETS - present.length);
        const adding = fresh.slice(0, room);
        const start = present.reduce((max, row) => Math.max(max, row.position), 0) + 1;
        if (adding.length)
          await trx
            .insertInto('cart_assets')
            .values(
              adding.map((asset_id, index) => ({ cart_id: params.id, asset_id, position: start + index })),
            )
            .execute();
        return {
          added: adding.length,
          skipped: requested - adding.length,
          notices: fresh.length > room ? [CART_FULL_NOTICE] : [],
        };
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/carts/{id}/assets/remove',
    tag,
    summary: 'Remove assets from a cart',
    auth: 'user',
    params: idParamSchema,
    body: z.strictObject({ ids: z.array(dbId()).min(1).max(10_000) }),
    response: okSchema,
    async handler({ services, principal, params, body }) {
      await myCart(services, principal, params.id);
      await services.db
        .deleteFrom('cart_assets')
        .where('cart_id', '=', params.id)
        .where('asset_id', 'in', body.ids)
        .execute();
      return { ok: true as const };
    },
  }),
];
