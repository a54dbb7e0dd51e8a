import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { FEED_MAX_ITEMS, type FeedView, type SaveFeed, type saveFeedSchema } from '../../api/feeds.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, forbidden } from '../api/api-error.ts';
import * as assets from '../assets/asset-service.ts';
import { mayLogIn, principalFor } from '../auth/resolve-principal.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import { type FeedEntry, feedDocument } from './feed-document.ts';
import { hashFeedKey, newFeedKey } from './feed-key.ts';
import * as queries from './feed-queries.ts';
import { sourceScope } from './feed-scope.ts';

type SaveInput = z.output<typeof saveFeedSchema>;

export type { SaveFeed };

/** A feed that is not there, not the caller's, inactive, or whose key is wrong: one answer for all. */
const noFeed = () => new ApiError(404, 'not_found', MESSAGES.notFound, 'No such feed.');

const view = (row: queries.FeedRow, names: Map<string, string>): FeedView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  source: { kind: row.source_kind, id: row.source_id },
  sourceName: names.get(`${row.source_kind}:${row.source_id}`) ?? null,
  events: row.events as FeedView['events'],
  sort: row.sort,
  timeFrameDays: row.time_frame_days,
  active: row.active,
  keyPrefix: row.key_prefix,
  lastStatus: row.last_status,
  lastFetchedAt: row.last_fetched_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

const feedUrl = (services: DamServices, key: string) => `${services.config.publicUrl}/api/v1/feed/${key}`;

const columns = (input: SaveInput) => ({
  name: input.name,
  description: input.description,
  type: input.type,
  source_kind: input.source.kind,
  source_id: input.source.id,
  events: input.events,
  sort: input.sort,
  time_frame_days: input.timeFrameDays,
  active: input.active,
});

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error))
    throw conflict('feed_exists', 'A feed with this name already exists.', 'name');
  throw error;
}

/** Feeds as their owner sees them, with their sources' names. */
async function views(services: DamServices, rows: queries.FeedRow[]): Promise<FeedView[]> {
  const names = await queries.sourceNames(services.db, rows);
  return rows.map((row) => view(row, names));
}
const oneView = async (services: DamServices, row: queries.FeedRow) =>
  (await views(services, [row]))[0] as FeedView;

export const listFeeds = async (services: DamServices, principal: Principal) =>
  views(services, await queries.feedsOf(services.db, principal.user.id));

/** A feed reads through the ACL it was made in; its source must be one the person may see there. */
export async function createFeed(services: DamServices, principal: Principal, input: SaveInput) {
  if (!principal.acl) throw forbidden();
  await sourceScope(services, principal, input.source);
  const { key, hash, prefix } = newFeedKey();
  const row = await queries
    .insertFeed(services.db, {
      ...columns(input),
      owner_id: principal.user.id,
      acl_id: principal.acl.id,
      key_hash: hash,
      key_prefix: prefix,
    })
    .catch(nameTaken);
  return { ...(await oneView(services, row)), url: feedUrl(services, key) };
}

export async function updateFeed(services: DamServices, principal: Principal, id: number, input: SaveInput) {
  const existing = await queries.findOwnFeed(services.db, principal.user.id, id);
  if (!existing) throw noFeed();
  await sourceScope(services, await ownerPrincipal(services, existing), input.source);
  const row = await queries
    .updateOwnFeed(services.db, principal.user.id, id, columns(input))
    .catch(nameTaken);
  if (!row) throw noFeed();
  return oneView(services, row);
}

export async function deleteFeed(services: DamServices, principal: Principal, id: number) {
  if (!(await queries.deleteOwnFeed(services.db, principal.user.id, id))) throw noFeed();
}

/** A new key: the old URL answers 404 from now on. */
export async function regenerateKey(services: DamServices, principal: Principal, id: number) {
  const { key, hash, prefix } = newFeedKey();
  const row = await queries.updateOwnFeed(services.db, principal.user.id, id, {
    key_hash: hash,
    key_prefix: prefix,
  });
  if (!row) throw noFeed();
  return { ...(await oneView(services, row)), url: feedUrl(services, key) };
}

/**
 * The feed's owner as they are now, in the feed's ACL: a disabled owner, or one who no longer holds that ACL, has
 * no feed.
 */
async function ownerPrincipal(services: DamServices, feed: queries.FeedRow): Promise<Principal> {
  const user = await queries.userById(services.db, feed.owner_id);
  if (!user || !mayLogIn(user)) throw noFeed();
  const principal = await principalFor(services.db, user, { via: 'api_key', adminMode: false });
  const acl = principal.acls.find((each) => each.id === feed.acl_id);
  if (!acl) throw noFeed();
  return { ...principal, acl };
}

/** The active feed the key opens, its owner, and the assets it may show now; else 404 (recorded when the key was right). */
async function openFeed(services: DamServices, key: string) {
  const feed = await queries.findFeedByKeyHash(services.db, hashFeedKey(key));
  if (!feed) throw noFeed();
  try {
    if (!feed.active) throw noFeed();
    const principal = await ownerPrincipal(services, feed);
    const scope = await sourceScope(services, principal, { kind: feed.source_kind, id: feed.source_id });
    return { feed, principal, scope };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      await queries.recordFetch(services.db, feed.id, 404);
    throw noFeed();
  }
}

export interface FeedAnswer {
  status: 200 | 304;
  body: string;
  mediaType: string;
  etag: string;
  lastModified: string;
}

const TITLES = { new_file: 'New file', file_changes: 'New version', metadata: 'Metadata edited' } as const;
/** A grouped arrival's title names its first files, then says how many more. */
const NAMES_IN_TITLE = 3;

/**
 * Stable per event, so a reader never doubles an item: an upload's arrivals are one item (its cookie, hashed: the
 * cookie names its user and folders), an asset's arrival, version or metadata edit one each.
 */
function entryId(event: queries.FeedEventRow): string {
  if (event.event === 'new_file' && event.batch)
    return `urn:rapid-dam:upload:${createHash('sha256').update(event.batch).digest('hex').slice(0, 32)}`;
  if (event.event === 'new_file') return `urn:rapid-dam:asset:${event.asset_id}:new_file`;
  return `urn:rapid-dam:asset:${event.asset_id}:${event.event}:${event.version_number ?? event.at.getTime()}`;
}

function entryTitle(event: queries.FeedEventRow, name: string, names: string[]): string {
  if (event.event === 'file_changes') return `${TITLES.file_changes} ${event.version_number}: ${name}`;
  if (event.event === 'metadata' || names.length <= 1) return `${TITLES[event.event]}: ${name}`;
  const shown = names.slice(0, NAMES_IN_TITLE).join(', ');
  const more = names.length > NAMES_IN_TITLE ? `, +${names.length - NAMES_IN_TITLE}` : '';
  return `${names.length} new files: ${shown}${more}`;
}

/**
 * A reader's fetch: the document of what the owner may see now, or 304 when the reader's `If-None-Match` (or, without
 * one, `If-Modified-Since`) says it has it. The document is the same bytes for the same content, so its hash is the
 * ETag; every fetch is recorded as the feed's last status and last update.
 */
export async function readFeed(
  services: DamServices,
  key: string,
  conditions: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
): Promise<FeedAnswer> {
  const { feed, scope } = await openFeed(services, key);
  const since = new Date(Date.now() - feed.time_frame_days * 86_400_000);
  const events = await queries.feedEvents(services.db, scope, {
    since,
    events: feed.events,
    oldestFirst: feed.sort === 'oldest',
    limit: FEED_MAX_ITEMS,
  });
  const rows = await queries.feedAssets(services.db, [...new Set(events.map((event) => event.asset_id))]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const batches = await queries.batchNames(services.db, scope, [
    ...new Set(events.flatMap((event) => (event.batch ? [event.batch] : []))),
  ]);
  const base = services.config.publicUrl;
  const entries: FeedEntry[] = events.flatMap((event) => {
    const asset = byId.get(event.asset_id);
    if (!asset) return [];
    const names = (event.batch && batches.get(event.batch)) || [asset.name];
    return [
      {
        guid: entryId(event),
        title: entryTitle(event, asset.name, names),
        link: `${base}/#/asset/${asset.id}`,
        summary: names.length > 1 ? names.join('\n') : asset.description,
        categories: names.length > 1 ? [] : asset.keywords,
        at: event.at,
        thumbnail:
          asset.thumbnail_type === null
            ? undefined
            : {
                url: `${feedUrl(services, key)}/assets/${asset.id}/thumbnail`,
                type: asset.thumbnail_type,
                length: Number(asset.thumbnail_size ?? 0),
              },
      },
    ];
  });
  const newest = Math.max(feed.updated_at.getTime(), ...entries.map((entry) => entry.at.getTime()));
  const document = (updated: Date) =>
    feedDocument(
      feed.type,
      {
        title: feed.name,
        description: feed.description,
        link: `${base}/`,
        self: feedUrl(services, key),
        id: `urn:rapid-dam:feed:${feed.id}`,
        updated,
      },
      entries,
    );
  // HTTP dates have whole seconds: the document says the same instant its Last-Modified does.
  const newestItem = wholeSeconds(newest);
  const tag = createHash('sha256').update(document(newestItem)).digest('base64url');
  const updated = await modifiedAt(services, feed, tag, newestItem);
  const body = document(updated);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const lastModified = updated.toUTCString();
  const status = notModified(conditions, etag, updated) ? 304 : 200;
  await queries.recordFetch(services.db, feed.id, status);
  const mediaType = feed.type === 'atom' ? 'application/atom+xml' : 'application/rss+xml';
  return { status, body, mediaType, etag, lastModified };
}

const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/**
 * The feed's Last-Modified: the newest item's date, and never earlier than the date served with the same items. When
 * the items differ from those last served (one came, changed, or left: an asset removed, trashed or no longer the
 * owner's to see), it moves past the date readers hold, so a reader that sends only If-Modified-Since is told.
 */
async function modifiedAt(
  services: DamServices,
  feed: queries.FeedRow,
  tag: string,
  newestItem: Date,
): Promise<Date> {
  const served = feed.served_modified === null ? undefined : new Date(feed.served_modified);
  if (feed.served_tag === tag && served) return new Date(Math.max(newestItem.getTime(), served.getTime()));
  const moved = new Date(
    Math.max(newestItem.getTime(), wholeSeconds(Date.now()).getTime(), served ? served.getTime() + 1000 : 0),
  );
  await queries.recordServed(services.db, feed.id, tag, moved);
  return moved;
}

/** RFC 9110, section 13.2.2: If-None-Match decides when present; If-Modified-Since only without it. */
function notModified(
  conditions: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  etag: string,
  updated: Date,
): boolean {
  if (conditions.ifNoneMatch !== undefined) {
    const tags = conditions.ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag);
  }
  if (conditions.ifModifiedSince === undefined) return false;
  const since = Date.parse(conditions.ifModifiedSince);
  return !Number.isNaN(since) && updated.getTime() <= since;
}

/** An entry's thumbnail, for the feed's reader: only while the asset is in what the owner may see in the feed. */
export async function readThumbnail(services: DamServices, key: string, assetId: number) {
  const { principal, scope } = await openFeed(services, key);
  if (!(await queries.inScope(services.db, scope, assetId))) throw noFeed();
  return assets.rendition(services, principal, assetId, 'thumbnail');
}
