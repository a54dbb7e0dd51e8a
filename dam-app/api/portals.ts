import { z } from 'zod';
import { dbId, dbInt, dbString } from './db-safe.ts';
import { MESSAGES } from './messages.ts';
import {
  publicShareItemSchema,
  shareGrantQuery,
  shareGrantSchema,
  shareItemParams,
  shareTokenParams,
  unlockShareSchema,
} from './shares.ts';

/** R-PORTAL-LIMITS: "An external portal supports fewer than {0} total assets." — {0} is this. */
export const PORTAL_MAX_ASSETS = 5000;
/** R-PORTAL-LIMITS: the spec leaves the maximum portal expiration days open; this is ours. */
export const PORTAL_MAX_DAYS = 365;
/** At most this many collections and folders in one portal. */
export const PORTAL_MAX_SOURCES = 50;
/** A portal's visitor page lists at most this many of its assets at once (a search narrows them). */
export const PORTAL_PAGE_SIZE = 200;

const portalFields = {
  name: dbString().trim().min(1).max(200),
  description: dbString().max(5000).default(''),
  terms: dbString().max(20_000).default(''),
  expiresOn: z.iso.date(),
  utcOffsetMinutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60),
  maxDownloads: z.union([z.null(), dbInt().min(1, MESSAGES.shareMaxDownloadBlankOrPositive).max(1_000_000)]),
  collectionIds: z.array(dbId()).max(PORTAL_MAX_SOURCES).default([]),
  folderIds: z.array(dbId()).max(PORTAL_MAX_SOURCES).default([]),
};

export const createPortalSchema = z.strictObject({
  ...portalFields,
  password: dbString().min(1).max(200).optional(),
});
/** An edit: `password` left out keeps it, null removes it, a string sets a new one (grants already given lapse). */
export const updatePortalSchema = z.strictObject({
  ...portalFields,
  password: dbString().min(1).max(200).nullable().optional(),
});

/** R-PORTAL-STATES: a portal is published or not (a new one is not yet), and expired once its date passed. */
export const portalStates = ['published', 'unpublished', 'expired'] as const;

export const portalSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  terms: z.string(),
  hasPassword: z.boolean(),
  published: z.boolean(),
  state: z.enum(portalStates),
  expiresAt: z.iso.datetime(),
  maxDownloads: z.number().nullable(),
  downloadCount: z.number(),
  collectionIds: z.array(z.number()),
  folderIds: z.array(z.number()),
  createdAt: z.iso.datetime(),
});
export type PortalView = z.infer<typeof portalSchema>;

export const portalListSchema = z.object({ items: z.array(portalSchema), maxExpirationDays: z.number() });
/** The token is stored hashed: the portal's address is shown this once. */
export const createdPortalSchema = z.object({ portal: portalSchema, link: z.string() });

// The visitor's side: no account, the token from the address.
export const portalTokenParams = shareTokenParams;
export const portalItemParams = shareItemParams;
export const portalGrantQuery = shareGrantQuery;
export const portalBrowseQuery = shareGrantQuery.extend({ q: dbString().max(200).optional() });
export const unlockPortalSchema = unlockShareSchema;
export const portalGrantSchema = shareGrantSchema;

export const publicPortalSchema = z.discriminatedUnion('locked', [
  z.object({ locked: z.literal(true) }),
  z.object({
    locked: z.literal(false),
    name: z.string(),
    description: z.string(),
    terms: z.string(),
    /** The terms were accepted (or there are none): downloads are open. */
    accepted: z.boolean(),
    expiresAt: z.iso.datetime(),
    downloadsLeft: z.number().nullable(),
    items: z.array(publicShareItemSchema),
    /** How many assets match (all of the portal's without a search); `items` holds the first page. */
    total: z.number(),
  }),
]);
export type PublicPortal = z.infer<typeof publicPortalSchema>;
