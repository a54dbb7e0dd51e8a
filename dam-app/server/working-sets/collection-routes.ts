import {
  addCollectionAssets,
  createCollection,
  deleteCollection,
  listCollectionAssets,
  listCollections,
  listShareGroups,
  removeCollectionAssets,
  updateCollection,
} from '../../api/contract/working-sets-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as collections from './collection-service.ts';

export const collectionRoutes = [
  bindEndpoint(listShareGroups, ({ services, principal }) =>
    collections.listShareGroups(services, principal),
  ),
  bindEndpoint(listCollections, ({ services, principal }) =>
    collections.listCollections(services, principal),
  ),
  bindEndpoint(createCollection, ({ services, principal, body }) =>
    collections.createCollection(services, principal, body),
  ),
  bindEndpoint(updateCollection, ({ services, principal, params, body }) =>
    collections.updateCollection(services, principal, params.id, body),
  ),
  bindEndpoint(deleteCollection, async ({ services, principal, params }) => {
    await collections.deleteCollection(services, principal, params.id);
    return { ok: true as const };
  }),
  bindEndpoint(listCollectionAssets, async ({ services, principal, params }) => ({
    items: await collections.collectionAssets(services, principal, params.id),
  })),
  bindEndpoint(addCollectionAssets, ({ services, principal, params, body }) =>
    collections.addToCollection(services, principal, params.id, body),
  ),
  bindEndpoint(removeCollectionAssets, async ({ services, principal, params, body }) => {
    await collections.removeFromCollection(services, principal, params.id, body.ids);
    return { ok: true as const };
  }),
];
