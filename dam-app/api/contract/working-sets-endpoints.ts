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
import { type EndpointErrors, type EndpointGroup, endpointGroup } from './define-endpoint.ts';
import { errors, forbidden, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const removeAssetsSchema = z.strictObject({ ids: z.array(dbId()).min(1).max(10_000) });

/** The assets of a working set (`path/{id}/assets`): list them, add some, remove some; a change may add `changes`. */
function setAssets(group: EndpointGroup<'user'>, path: string, changes?: EndpointErrors) {
  const assets = `${path}/{id}/assets`;
  return {
    list: (summary: string) =>
      group.get(assets, {
        summary,
        params: idParams,
        response: z.object({ items: z.array(assetSchema) }),
        errors: notFound,
      }),
    add: (summary: string) =>
      group.post(assets, {
        summary,
        params: idParams,
        body: selectionSchema,
        response: addedSchema,
        errors: errors(changes, notFound),
      }),
    remove: (summary: string) =>
      group.post(`${assets}/remove`, {
        summary,
        params: idParams,
        body: removeAssetsSchema,
        response: okSchema,
        errors: errors(changes, notFound),
      }),
  };
}

const carts = endpointGroup('Carts', 'user');
const cartSet = namedSet({
  group: carts,
  path: '/carts',
  item: cartSchema,
  save: cartNameSchema,
  exists: 'cart_exists',
});
const cartAssets = setAssets(carts, '/carts');
export const listCarts = cartSet.list('My carts');
export const createCart = cartSet.create('Create a cart (name required and unique)');
export const renameCart = cartSet.update('Rename a cart');
export const deleteCart = cartSet.remove('Delete a cart (its assets stay)');
export const listCartAssets = cartAssets.list(
  'The assets in a cart, in the order they were added (those I can still see)',
);
export const addCartAssets = cartAssets.add(
  `Add assets by ids or by a search; at most ${CART_MAX_ASSETS} per cart, the first ones are added`,
);
export const removeCartAssets = cartAssets.remove('Remove assets from a cart');

const collections = endpointGroup('Collections', 'user');
const collectionSet = namedSet({
  group: collections,
  path: '/collections',
  item: collectionSchema,
  save: saveCollectionSchema,
  exists: 'collection_exists',
});
// Only its owner (or an administrator) changes a collection others can see.
const collectionAssets = setAssets(collections, '/collections', forbidden);
export const listShareGroups = collections.get('/groups/mine', {
  summary: 'Groups I may share a collection with: those I belong to (every group for an administrator)',
  response: z.array(shareGroupSchema),
});
export const listCollections = collectionSet.list(
  'Collections I own, public ones and those shared with my groups',
);
export const createCollection = collectionSet.create('Create a collection (saved selection)', forbidden);
export const updateCollection = collectionSet.update('Change a collection’s fields', forbidden);
export const deleteCollection = collectionSet.remove(
  'Delete a collection (owner only; its assets stay)',
  forbidden,
);
export const listCollectionAssets = collectionAssets.list('The assets of a collection that I may see');
export const addCollectionAssets = collectionAssets.add('Add assets by ids or by a search');
export const removeCollectionAssets = collectionAssets.remove('Remove assets from a collection');
const bundleErrors = errors(notFound, { 404: ['bundle_empty'], 409: ['not_a_bundle'] });
export const getBundle = collections.get('/collections/{id}/bundle', {
  summary: 'What a bundle delivers: its files as they arrive, in one folder named after it',
  params: idParams,
  response: bundleSchema,
  errors: bundleErrors,
});
export const downloadBundle = collections.get('/collections/{id}/bundle/zip', {
  summary:
    'Standard Download (HTTP) of a bundle: every asset in one streamed zip (stored, ZIP64), its length known up front',
  params: idParams,
  response: z.unknown(),
  produces: 'application/zip',
  errors: errors(forbidden, bundleErrors),
});
