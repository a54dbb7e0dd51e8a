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
import { bindAction } from '../api/bind-action.ts';
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
  bindAction(deleteCollection, ({ services, principal, params }) =>
    collections.deleteCollection(services, principal, params.id),
  ),
  bindEndpoint(listCollectionAssets, async ({ services, principal, params }) => ({
    items: await collections.collectionAssets(services, principal, params.id),
  })),
  bindEndpoint(addCollectionAssets, ({ services, principal, params, body }) =>
    collections.addToCollection(services, principal, params.id, body),
  ),
  bindAction(removeCollectionAssets, ({ services, principal, params, body }) =>
    collections.removeFromCollection(services, principal, params.id, body.ids),
  ),
];
