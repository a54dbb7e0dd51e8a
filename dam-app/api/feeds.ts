import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';
import { MESSAGES } from './messages.ts';

/** R-FEED: the formats a reader can subscribe to. */
export const FEED_TYPES = ['rss', 'atom'] as const;
/** R-FEED events; `comments` waits for discussions (the editor says so, the server refuses it). */
export const FEED_EVENTS = ['new_file', 'file_changes', 'metadata', 'comments'] as const;
export const LIVE_FEED_EVENTS = ['new_file', 'file_changes', 'metadata'] as const;
export const FEED_SOURCES = ['folder', 'collection', 'saved_search'] as const;
export const FEED_SORTS = ['newest', 'oldest'] as const;
/** The time frames a feed looks back over, in days. */
export const FEED_TIME_FRAMES = [1, 7, 30, 90, 365] as const;
/** A feed shows at most this many items (the newest or oldest within its time frame). */
export const FEED_MAX_ITEMS = 100;
export const COMMENTS_NOT_YET = 'Comments become available with discussions.';

export type FeedType = (typeof FEED_TYPES)[number];
export type FeedEvent = (typeof FEED_EVENTS)[number];
export type FeedSource = (typeof FEED_SOURCES)[number];

export const feedSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().default(''),
    type: z.enum(FEED_TYPES),
    source: z.object({ kind: z.enum(FEED_SOURCES), id: z.number() }),
    /** The folder's path, the collection's or saved search's name; null when it is gone. */
    sourceName: z.string().nullable(),
    events: z.array(z.enum(LIVE_FEED_EVENTS)),
    sort: z.enum(FEED_SORTS),
    timeFrameDays: z.number(),
    active: z.boolean(),
    /** The key's first characters: the whole URL is shown only when the key is made. */
    keyPrefix: z.string(),
    /** The HTTP status a reader's last fetch was answered with, and when (null: never fetched). */
    lastStatus: z.number().nullable(),
    lastFetchedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Feed' });
export type FeedView = z.infer<typeof feedSchema>;

export const saveFeedSchema = z.strictObject({
  name: dbString(MESSAGES.requiredEmpty).trim().min(1, MESSAGES.requiredEmpty).max(200),
  description: dbString().max(2000).default(''),
  type: z.enum(FEED_TYPES),
  source: z.strictObject({ kind: z.enum(FEED_SOURCES), id: dbId() }),
  events: z
    .array(z.enum(FEED_EVENTS))
    .min(1, MESSAGES.requiredEmpty)
    .max(FEED_EVENTS.length)
    .refine((events) => !events.includes('comments'), COMMENTS_NOT_YET)
    .transform((events) => [...new Set(events)] as (typeof LIVE_FEED_EVENTS)[number][]),
  sort: z.enum(FEED_SORTS).default('newest'),
  timeFrameDays: z
    .number()
    .refine((days) => (FEED_TIME_FRAMES as readonly number[]).includes(days), {
      message: `The time frame is one of ${FEED_TIME_FRAMES.join(', ')} days.`,
    })
    .default(30),
  active: z.boolean().default(true),
});
export type SaveFeed = z.input<typeof saveFeedSchema>;

/** A feed as made (or its key made anew): with its secret URL, shown this once. */
export const feedWithUrlSchema = feedSchema.extend({ url: z.string() }).meta({ id: 'FeedWithUrl' });

/** The feed's key in its URL: 43 base64url characters. */
export const feedKeyParams = z.object({ key: z.string().max(100) });
export const feedAssetParams = feedKeyParams.extend({
  assetId: z.coerce.number().int().min(1).max(2_147_483_647),
});
