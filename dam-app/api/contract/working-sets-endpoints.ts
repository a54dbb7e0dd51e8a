import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { idParamSchema } from '../admin.ts';
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
import { defineEndpoint } from './define-endpoint.ts';

const removeAssetsSchema = z.strictObject({ ids: z.array(dbId()).min(1).max(10_000) });
const assetListSchema = z.object({ items: z.array(assetSchema) });

const carts = 'Carts';
export const listCarts = defineEndpoint({
  method: 'get',
  path: '/carts',
  tag: carts,
  summary: 'My carts',
  auth: 'user',
  response: z.array(cartSchema),
});
export const createCart = defineEndpoint({
  method: 'post',
  path: '/carts',
  tag: carts,
  summary: 'Create a cart (name required and unique)',
  auth: 'user',
  body: cartNameSchema,
  response: cartSchema,
  status: 201,
  errors: { 409: ['cart_exists'] },
});
export const renameCart = defineEndpoint({
  method: 'put',
  path: '/carts/{id}',
  tag: carts,
  summary: 'Rename a cart',
  auth: 'user',
  params: idParamSchema,
  body: cartNameSchema,
  response: cartSchema,
  errors: { 404: ['not_found'], 409: ['cart_exists'] },
});
export const deleteCart = defineEndpoint({
  method: 'delete',
  path: '/carts/{id}',
  tag: carts,
  summary: 'Delete a cart (its assets stay)',
  auth: 'user',
  params: idParamSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
export const listCartAssets = defineEndpoint({
  method: 'get',
  path: '/carts/{id}/assets',
  tag: carts,
  summary: 'The assets in a cart, in the order they were added (those I can still see)',
  auth: 'user',
  params: idParamSchema,
  response: assetListSchema,
  errors: { 404: ['not_found'] },
});
export const addCartAssets = defineEndpoint({
  method: 'post',
  path: '/carts/{id}/assets',
  tag: carts,
  summary: `Add assets by ids or by a search; at most ${CART_MAX_ASSETS} per cart, the first ones are added`,
  auth: 'user',
  params: idParamSchema,
  body: selectionSchema,
  response: addedSchema,
  errors: { 404: ['not_found'] },
});
export const removeCartAssets = defineEndpoint({
  method: 'post',
  path: '/carts/{id}/assets/remove',
  tag: carts,
  summary: 'Remove assets from a cart',
  auth: 'user',
  params: idParamSchema,
  body: removeAssetsSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});

const collections = 'Collections';
export const listShareGroups = defineEndpoint({
  method: 'get',
  path: '/groups/mine',
  tag: collections,
  summary: 'Groups I may share a collection with: those I belong to (every group for an administrator)',
  auth: 'user',
  response: z.array(shareGroupSchema),
});
export const listCollections = defineEndpoint({
  method: 'get',
  path: '/collections',
  tag: collections,
  summary: 'Collections I own, public ones and those shared with my groups',
  auth: 'user',
  response: z.array(collectionSchema),
});
export const createCollection = defineEndpoint({
  method: 'post',
  path: '/collections',
  tag: collections,
  summary: 'Create a collection (saved selection)',
  auth: 'user',
  body: saveCollectionSchema,
  response: collectionSchema,
  status: 201,
  errors: { 403: ['forbidden'], 409: ['collection_exists'] },
});
export const updateCollection = defineEndpoint({
  method: 'put',
  path: '/collections/{id}',
  tag: collections,
  summary: 'Change a collection’s fields',
  auth: 'user',
  params: idParamSchema,
  body: saveCollectionSchema,
  response: collectionSchema,
  errors: { 403: ['forbidden'], 404: ['not_found'], 409: ['collection_exists'] },
});
export const deleteCollection = defineEndpoint({
  method: 'delete',
  path: '/collections/{id}',
  tag: collections,
  summary: 'Delete a collection (owner only; its assets stay)',
  auth: 'user',
  params: idParamSchema,
  response: okSchema,
  errors: { 403: ['forbidden'], 404: ['not_found'] },
});
export const listCollectionAssets = defineEndpoint({
  method: 'get',
  path: '/collections/{id}/assets',
  tag: collections,
  summary: 'The assets of a collection that I may see',
  auth: 'user',
  params: idParamSchema,
  response: assetListSchema,
  errors: { 404: ['not_found'] },
});
export const addCollectionAssets = defineEndpoint({
  method: 'post',
  path: '/collections/{id}/assets',
  tag: collections,
  summary: 'Add assets by ids or by a search',
  auth: 'user',
  params: idParamSchema,
  body: selectionSchema,
  response: addedSchema,
  errors: { 403: ['forbidden'], 404: ['not_found'] },
});
export const removeCollectionAssets = defineEndpoint({
  method: 'post',
  path: '/collections/{id}/assets/remove',
  tag: collections,
  summary: 'Remove assets from a collection',
  auth: 'user',
  params: idParamSchema,
  body: removeAssetsSchema,
  response: okSchema,
  errors: { 403: ['forbidden'], 404: ['not_found'] },
});
export const getBundle = defineEndpoint({
  method: 'get',
  path: '/collections/{id}/bundle',
  tag: collections,
  summary: 'What a bundle delivers: its files as they arrive, in one folder named after it',
  auth: 'user',
  params: idParamSchema,
  response: bundleSchema,
  errors: { 404: ['not_found', 'bundle_empty'], 409: ['not_a_bundle'] },
});
export const downloadBundle = defineEndpoint({
  method: 'get',
  path: '/collections/{id}/bundle/zip',
  tag: collections,
  summary:
    'Standard Download (HTTP) of a bundle: every asset in one streamed zip (stored, ZIP64), its length known up front',
  auth: 'user',
  params: idParamSchema,
  response: z.unknown(),
  produces: 'application/zip',
  errors: { 403: ['forbidden'], 404: ['not_found', 'bundle_empty'], 409: ['not_a_bundle'] },
});
