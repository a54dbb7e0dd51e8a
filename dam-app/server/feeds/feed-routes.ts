import { Readable } from 'node:stream';
import {
  createFeed,
  deleteFeed,
  feedDocument,
  feedThumbnail,
  listFeeds,
  regenerateFeedKey,
  updateFeed,
} from '../../api/contract/feeds-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as feeds from './feed-service.ts';

export const feedRoutes = [
  bindEndpoint(listFeeds, ({ services, principal }) => feeds.listFeeds(services, principal)),
  bindEndpoint(createFeed, ({ services, principal, body }) => feeds.createFeed(services, principal, body)),
  bindEndpoint(updateFeed, ({ services, principal, params, body }) =>
    feeds.updateFeed(services, principal, params.id, body),
  ),
  bindAction(deleteFeed, ({ services, principal, params }) =>
    feeds.deleteFeed(services, principal, params.id),
  ),
  bindEndpoint(regenerateFeedKey, ({ services, principal, params }) =>
    feeds.regenerateKey(services, principal, params.id),
  ),
  bindEndpoint(feedDocument, async ({ c, services, params }) => {
    const answer = await feeds.readFeed(services, params.key, {
      ifNoneMatch: c.req.header('if-none-match'),
      ifModifiedSince: c.req.header('if-modified-since'),
    });
    const headers = {
      ETag: answer.etag,
      'Last-Modified': answer.lastModified,
      // A reader's cache may keep it; shared caches may not (the URL is a secret).
      'Cache-Control': 'private, no-cache',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    };
    if (answer.status === 304) return new Response(null, { status: 304, headers });
    return new Response(answer.body, {
      status: 200,
      headers: {
        ...headers,
        'Content-Type': `${answer.mediaType}; charset=utf-8`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }),
  bindEndpoint(feedThumbnail, async ({ services, params }) => {
    const file = await feeds.readThumbnail(services, params.key, params.assetId);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      status: 200,
      headers: {
        'Content-Type': file.mimeType,
        'Content-Length': String(file.size),
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    });
  }),
];
