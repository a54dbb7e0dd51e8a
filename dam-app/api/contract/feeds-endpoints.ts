import { z } from 'zod';
import { feedAssetParams, feedKeyParams, feedSchema, feedWithUrlSchema, saveFeedSchema } from '../feeds.ts';
import { endpointGroup } from './endpoint-group.ts';
import { namedSet } from './named-set.ts';

const feeds = endpointGroup('Feeds', 'user');
const named = namedSet({
  group: feeds,
  path: '/feeds',
  item: feedSchema,
  save: saveFeedSchema,
  exists: 'feed_exists',
  created: feedWithUrlSchema,
});
/** The source (a folder, collection or saved search) is not one the person may see. */
const sourceErrors = { 404: ['source_not_found'] } as const;

export const listFeeds = named.list('My RSS/Atom feeds');
export const createFeed = named.create(
  'Create a feed over a folder, collection or saved search; answers its secret URL once',
  sourceErrors,
);
export const updateFeed = named.update('Change a feed (its key stays)', sourceErrors);
export const deleteFeed = named.remove('Delete a feed (its URL stops at once)');
export const regenerateFeedKey = named.one.post('/key', {
  summary: 'Make the feed a new secret key (the old URL stops at once); answers the new URL once',
  response: feedWithUrlSchema,
});

const bytes = z.any();
const reader = endpointGroup('Feeds', 'public');
export const feedDocument = reader.get('/feed/{key}', {
  summary: 'The feed’s RSS 2.0 or Atom document, for a reader holding its key; conditional GET answers 304',
  params: feedKeyParams,
  response: bytes,
  produces: 'application/xml',
  errors: { 404: ['not_found'] },
});
export const feedThumbnail = reader.get('/feed/{key}/assets/{assetId}/thumbnail', {
  summary: 'An item’s thumbnail, for a reader holding the feed’s key, while the asset is in the feed’s scope',
  params: feedAssetParams,
  response: bytes,
  produces: 'image/jpeg',
  errors: { 404: ['not_found'] },
});
