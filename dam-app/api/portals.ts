import { z } from 'zod';
import { dbId, dbInt, dbString } from './db-safe.ts';
import { MESSAGES } from './messages.ts';
import {
  publicShareItemSchema,
  shareGrantQuery,
  shareGrantSchema,
  shareItemParams,
  shareRapidCountedSchema,
  shareRapidDoneSchema,
  shareRapidSpecSchema,
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

/** R-PORTAL-IMAGES: a portal's logo or favicon is a JPG, GIF or PNG of at most this many bytes (the spec says only "under a size limit"). */
export const PORTAL_IMAGE_MAX_BYTES = 64 * 1024;
export const PORTAL_IMAGE_TEXT = `A logo or favicon must be a JPG, GIF or PNG image of at most ${PORTAL_IMAGE_MAX_BYTES / 1024} KB.`;

const IMAGE_SIGNATURES: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
];

/** The type of a base64 JPG, GIF or PNG by its first bytes (never its name), when it is one small enough. */
export function portalImageType(base64: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0 || base64.length < 12)
    return undefined;
  const bytes = Uint8Array.from(atob(base64.slice(0, 12)), (char) => char.charCodeAt(0));
  const length = Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);
  if (length > PORTAL_IMAGE_MAX_BYTES) return undefined;
  return IMAGE_SIGNATURES.find(([, signature]) => signature.every((byte, at) => bytes[at] === byte))?.[0];
}

/** A logo or favicon as the editor sends it: base64; null removes it, left out keeps it. */
const portalImage = () =>
  z
    .string()
    .max(Math.ceil(PORTAL_IMAGE_MAX_BYTES / 3) * 4 + 4, PORTAL_IMAGE_TEXT)
    .refine((base64) => portalImageType(base64) !== undefined, PORTAL_IMAGE_TEXT)
    .nullable()
    .optional();

/** R-PORTAL-RENDITIONS: what a portal lets its visitors download: the original file and/or these renditions. */
export const PORTAL_RENDITIONS = ['original', 'preview', 'web-preview', 'poster'] as const;
export type PortalRendition = (typeof PORTAL_RENDITIONS)[number];

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
  logo: portalImage(),
  favicon: portalImage(),
  renditions: z
    .array(z.enum(PORTAL_RENDITIONS))
    .min(1)
    .max(PORTAL_RENDITIONS.length)
    .transform((names) => [...new Set(names)])
    .default(['original']),
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
  hasLogo: z.boolean(),
  hasFavicon: z.boolean(),
  renditions: z.array(z.enum(PORTAL_RENDITIONS)),
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
export const portalRenditionParams = portalItemParams.extend({
  name: z.enum(
    PORTAL_RENDITIONS.filter((name) => name !== 'original') as ['preview', 'web-preview', 'poster'],
  ),
});
/** A zip of the portal: all its assets (up to a page), or the chosen `ids`. */
export const portalZipQuery = shareGrantQuery.extend({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/)
    .transform((text) => text.split(',').map(Number))
    .optional(),
});
/** A Rapid download of the portal: the same choice as a zip (all, up to a page, or the chosen `ids`), by the node. */
export const portalRapidQuery = portalZipQuery;
export const portalRapidSpecSchema = shareRapidSpecSchema;
export const portalRapidDoneSchema = shareRapidDoneSchema;
export const portalRapidCountedSchema = shareRapidCountedSchema;

/** One row of a portal's download log, for its owner. */
export const portalDownloadSchema = z.object({
  id: z.number(),
  at: z.iso.datetime(),
  method: z.enum(['http-file', 'http-zip', 'rapid']),
  fileName: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  counted: z.boolean(),
  /** Null while a Rapid download is not known complete (the node has not reported every file). */
  completedAt: z.iso.datetime().nullable(),
});
export const portalDownloadsSchema = z.object({ items: z.array(portalDownloadSchema) });
export type PortalDownloadView = z.infer<typeof portalDownloadSchema>;

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
    /** Each item's `downloads`: what of it may be downloaded ('original' and the allowed renditions it has). */
    items: z.array(publicShareItemSchema.extend({ downloads: z.array(z.enum(PORTAL_RENDITIONS)) })),
    hasLogo: z.boolean(),
    hasFavicon: z.boolean(),
    /** How many assets match (all of the portal's without a search); `items` holds the first page. */
    total: z.number(),
  }),
]);
export type PublicPortal = z.infer<typeof publicPortalSchema>;
