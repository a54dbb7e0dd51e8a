import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { assetSchema } from '../assets.ts';
import { dbId } from '../db-safe.ts';
import {
  addedSchema,
  bundleSchema,
  CART_MAX_ASSETS,
  cartNameSchema,
  cartSchema,
  collectionSchema,
  saveCollectionSchema,
  selectionSchema,
  shareGroupSchema,
} from '../working-sets.ts';
import type { EndpointErrors } from './define-endpoint.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden } from './error-sets.ts';
import { namedSet } from './named-set.ts';

const removeAssetsSchema = z.strictObject({ ids: z.array(dbId()).min(1).max(10_000) });

/**
 * A working set of assets (a cart, a collection): a named set (list, create, change, delete) whose items hold assets
 * (`path/{id}/assets`: list, add, remove). Every change may also answer `changes`.
 */
function workingSet<I extends z.ZodType, S extends z.ZodType>(
  tag: string,
  set: { path: string; item: I; save: S; exists: string },
  changes?: EndpointErrors,
) {
  const group = endpointGroup(tag, 'user');
  const named = namedSet({ group, ...set });
  const one = named.one;
  return {
    group,
    one,
    list: named.list,
    create: (summary: string) => named.create(summary, changes),
    update: (summary: string) => named.update(summary, changes),
    remove: (summary: string) => named.remove(summary, changes),
    listAssets: (summary: string) =>
      one.get('/assets', { summary, response: z.object({ items: z.array(assetSchema) }) }),
    addAssets: (summary: string) =>
      one.post('/assets', { summary, body: selectionSchema, response: addedSchema, errors: changes }),
    removeAssets: (summary: string) =>
      one.post('/assets/remove', { summary, body: removeAssetsSchema, response: okSchema, errors: changes }),
  };
}

const carts = workingSet('Carts', {
  path: '/carts',
  item: cartSchema,
  save: cartNameSchema,
  exists: 'cart_exists',
});
export const listCarts = carts.list('My carts');
export const createCart = carts.create('Create a cart (name required and unique)');
export const renameCart = carts.update('Rename a cart');
export const deleteCart = carts.remove('Delete a cart (its assets stay)');
export const listCartAssets = carts.listAssets(
  'The assets in a cart, in the order they were added (those I can still see)',
);
export const addCartAssets = carts.addAssets(
  `Add assets by ids or by a search; at most ${CART_MAX_ASSETS} per cart, the first ones are added`,
);
export const removeCartAssets = carts.removeAssets('Remove assets from a cart');

// Only its owner (or an administrator) changes a collection others can see.
const collections = workingSet(
  'Collections',
  { path: '/collections', item: collectionSchema, save: saveCollectionSchema, exists: 'collection_exists' },
  forbidden,
);
export const listShareGroups = collections.group.get('/groups/mine', {
  summary: 'Groups I may share a collection with: those I belong to (every group for an administrator)',
  response: z.array(shareGroupSchema),
});
export const listCollections = collections.list(
  'Collections I own, public ones and those shared with my groups',
);
export const createCollection = collections.create('Create a collection (saved selection)');
export const updateCollection = collections.update('Change a collection’s fields');
export const deleteCollection = collections.remove('Delete a collection (owner only; its assets stay)');
export const listCollectionAssets = collections.listAssets('The assets of a collection that I may see');
export const addCollectionAssets = collections.addAssets('Add assets by ids or by a search');
export const removeCollectionAssets = collections.removeAssets('Remove assets from a collection');
const bundleErrors = { 404: ['bundle_empty'], 409: ['not_a_bundle'] };
export const getBundle = collections.one.get('/bundle', {
  summary: 'What a bundle delivers: its files as they arrive, in one folder named after it',
  response: bundleSchema,
  errors: bundleErrors,
});
export const downloadBundle = collections.one.get('/bundle/zip', {
  summary:
    'Standard Download (HTTP) of a bundle: every asset in one streamed zip (stored, ZIP64), its length known up front',
  response: z.unknown(),
  produces: 'application/zip',
  errors: errors(forbidden, bundleErrors),
});
