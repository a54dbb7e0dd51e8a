import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import { idParamSchema } from '../../api/admin.ts';
import { assetSchema } from '../../api/assets.ts';
import { dbId } from '../../api/db-safe.ts';
import {
  addedSchema,
  collectionSchema,
  saveCollectionSchema,
  selectionSchema,
  shareGroupSchema,
} from '../../api/working-sets.ts';
import { can, type Principal } from '../access/principal.ts';
import { conflict, forbidden, invalid, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { assetViews } from '../assets/asset-views.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import { resolveSelection } from './selection.ts';
import { assetVisibleTo } from './visible-members.ts';

const tag = 'Collections';
const MAX_COLLECTION_ASSETS = 10_000;

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

type Row = Awaited<ReturnType<ReturnType<typeof visibleCollections>['execute']>>[number];
const view = (row: Row) => ({
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

export async function visibleCollection(services: DamServices, principal: Principal, id: number) {
  const row = await visibleCollections(services.db, principal)
    .where('collections.id', '=', id)
    .executeTakeFirst();
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
  if (groupId === null) return;
  const group = await services.db
    .selectFrom('groups')
    .select('id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw invalid({ sharedWithGroupId: SHARE_GROUP_UNKNOWN });
}
const SHARE_GROUP_UNKNOWN = 'No such group.';

const fields = (body: z.infer<typeof saveCollectionSchema>) => ({
  name: body.name,
  description: body.description,
  shared_group_id: body.sharedWithGroupId,
  modifiable: body.modifiable,
  public: body.public,
  bundle: body.bundle,
  expires_at: body.expiresAt ? new Date(body.expiresAt) : null,
});

export const collectionRoutes = [
  defineRoute({
    method: 'get',
    path: '/groups/mine',
    tag,
    summary: 'Groups I may share a collection with: those I belong to (every group for an administrator)',
    auth: 'user',
    response: z.array(shareGroupSchema),
    async handler({ services, principal }) {
      let query = services.db
        .selectFrom('groups')
        .select(['groups.id', 'groups.name'])
        .orderBy(sql`lower(groups.name)`);
      if (!principal.user.is_admin)
        query = query.where(
          'groups.id',
          'in',
          services.db.selectFrom('group_members').select('group_id').where('user_id', '=', principal.user.id),
        );
      return query.execute();
    },
  }),
  defineRoute({
    method: 'get',
    path: '/collections',
    tag,
    summary: 'Collections I own, public ones and those shared with my groups',
    auth: 'user',
    response: z.array(collectionSchema),
    async handler({ services, principal }) {
      const rows = await visibleCollections(services.db, principal)
        .orderBy(sql`lower(collections.name)`)
        .execute();
      return rows.map(view);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/collections',
    tag,
    summary: 'Create a collection (saved selection)',
    auth: 'user',
    body: saveCollectionSchema,
    response: collectionSchema,
    status: 201,
    async handler({ services, principal, body }) {
      if (!can(principal, 'modifying collections')) throw forbidden();
      await assertShareGroup(services, body.sharedWithGroupId);
      const row = await services.db
        .insertInto('collections')
        .values({ ...fields(body), owner_id: principal.user.id })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(collectionNameTaken);
      return view(await visibleCollection(services, principal, row.id));
    },
  }),
  defineRoute({
    method: 'put',
    path: '/collections/{id}',
    tag,
    summary: 'Change a collection’s fields',
    auth: 'user',
    params: idParamSchema,
    body: saveCollectionSchema,
    response: collectionSchema,
    async handler({ services, principal, params, body }) {
      const row = await changeableCollection(services, principal, params.id);
      // Sharing and visibility stay the owner's to decide.
      const owner = row.owner_id === principal.user.id;
      if (owner) await assertShareGroup(services, body.sharedWithGroupId);
      const changes = owner ? fields(body) : { name: body.name, description: body.description };
      await services.db
        .updateTable('collections')
        .set(changes)
        .where('id', '=', params.id)
        .execute()
        .catch(collectionNameTaken);
      return view(await visibleCollection(services, principal, params.id));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/collections/{id}',
    tag,
    summary: 'Delete a collection (owner only; its assets stay)',
    auth: 'user',
    params: idParamSchema,
    response: okSchema,
    async handler({ services, principal, params }) {
      const row = await visibleCollection(services, principal, params.id);
      if (row.owner_id !== principal.user.id) throw forbidden();
      await services.db.deleteFrom('collections').where('id', '=', params.id).execute();
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/collections/{id}/assets',
    tag,
    summary: 'The assets of a collection that I may see',
    auth: 'user',
    params: idParamSchema,
    response: z.object({ items: z.array(assetSchema) }),
    async handler({ services, principal, params }) {
      await visibleCollection(services, principal, params.id);
      const rows = await services.db
        .selectFrom('collection_assets')
        .select('asset_id')
        .where('collection_id', '=', params.id)
        .orderBy('added_at')
        .orderBy('asset_id')
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
    path: '/collections/{id}/assets',
    tag,
    summary: 'Add assets by ids or by a search',
    auth: 'user',
    params: idParamSchema,
    body: selectionSchema,
    response: addedSchema,
    async handler({ services, principal, params, body }) {
      await changeableCollection(services, principal, params.id);
      const { ids, requested } = await resolveSelection(services, principal, body, MAX_COLLECTION_ASSETS);
      const inserted = ids.length
        ? await services.db
            .insertInto('collection_assets')
            .values(ids.map((asset_id) => ({ collection_id: params.id, asset_id })))
            .onConflict((oc) => oc.columns(['collection_id', 'asset_id']).doNothing())
            .executeTakeFirst()
        : undefined;
      const added = Number(inserted?.numInsertedOrUpdatedRows ?? 0);
      return { added, skipped: requested - added, notices: [] };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/collections/{id}/assets/remove',
    tag,
    summary: 'Remove assets from a collection',
    auth: 'user',
    params: idParamSchema,
    body: z.strictObject({ ids: z.array(dbId()).min(1).max(10_000) }),
    response: okSchema,
    async handler({ services, principal, params, body }) {
      await changeableCollection(services, principal, params.id);
      // Members this person cannot see are not theirs to remove (the owner or others may see them).
      const ids = await visibleAssetIds(services, principal, body.ids);
      if (ids.length)
        await services.db
          .deleteFrom('collection_assets')
          .where('collection_id', '=', params.id)
          .where('asset_id', 'in', ids)
          .execute();
      return { ok: true as const };
    },
  }),
];
