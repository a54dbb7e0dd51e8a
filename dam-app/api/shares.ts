import { z } from 'zod';
import { dbId, dbInt, dbString } from './db-safe.ts';
import { emailProblem } from './email-rule.ts';
import { MESSAGES } from './messages.ts';

/** R-SHARE-EXPIRY: a maximum download count is blank or 1 to 100. */
export const SHARE_MAX_DOWNLOADS = 100;
/** R-SHARE-EXPIRY: the product leaves the maximum days ahead open; this is the default (`DAM_SHARE_MAX_DAYS` changes it). */
export const DEFAULT_SHARE_MAX_DAYS = 90;
/** Failed password attempts one share accepts per window before it refuses every try until the window ends. */
export const SHARE_PASSWORD_ATTEMPTS = 5;
export const SHARE_PASSWORD_WINDOW_MINUTES = 15;
/** At most this many assets in one share. */
export const SHARE_MAX_ASSETS = 1000;

const maxDownloadsSchema = z
  .union([
    z.null(),
    dbInt()
      .min(1, MESSAGES.shareMaxDownloadBlankOrPositive)
      .max(SHARE_MAX_DOWNLOADS, MESSAGES.shareDownloadCountRange),
  ])
  .describe('Blank (null) for no maximum, else 1 to 100');

/** A calendar date `YYYY-MM-DD`: the share expires at the end of that day where its owner is. */
const expiresOnSchema = z.iso.date();
/** The owner's offset from UTC in minutes (east positive), so "the end of the day" is theirs. */
const utcOffsetSchema = z
  .number()
  .int()
  .min(-14 * 60)
  .max(14 * 60);

const recipientSchema = dbString()
  .trim()
  .max(254)
  .superRefine((value, context) => {
    const problem = emailProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** What a share is made of: the ids picked, a collection or a cart; access is checked when it is made. */
export const shareSourceSchema = z.union([
  z.strictObject({ ids: z.array(dbId()).min(1).max(SHARE_MAX_ASSETS) }),
  z.strictObject({ collectionId: dbId() }),
  z.strictObject({ cartId: dbId() }),
]);
export type ShareSource = z.infer<typeof shareSourceSchema>;

const shareFields = {
  name: dbString().trim().min(1).max(200),
  expiresOn: expiresOnSchema,
  utcOffsetMinutes: utcOffsetSchema,
  maxDownloads: maxDownloadsSchema,
  licensingText: dbString().max(20_000).default(''),
  message: dbString().max(5000).default(''),
};

export const createShareSchema = z.strictObject({
  ...shareFields,
  password: dbString().min(1).max(200).optional(),
  recipients: z.array(recipientSchema).max(50).default([]),
  from: shareSourceSchema,
});

/** An edit: `password` left out keeps it, null removes it, a string sets a new one (grants already given lapse). */
export const updateShareSchema = z.strictObject({
  ...shareFields,
  password: dbString().min(1).max(200).nullable().optional(),
});

export const shareDownloadSchema = z.object({
  at: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  ip: z.string(),
  method: z.enum(['http-zip', 'http-files', 'rapid']),
  counted: z.boolean(),
});

export const shareSchema = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  recipients: z.array(z.string()),
  licensingText: z.string(),
  hasPassword: z.boolean(),
  expiresAt: z.iso.datetime(),
  maxDownloads: z.number().nullable(),
  downloadCount: z.number(),
  state: z.enum(['active', 'expired', 'exhausted', 'revoked']),
  assetCount: z.number(),
  createdAt: z.iso.datetime(),
  downloads: z.array(shareDownloadSchema),
});
export type ShareView = z.infer<typeof shareSchema>;

export const shareListSchema = z.object({
  items: z.array(shareSchema),
  /** How far ahead an expiration date may be set, in days. */
  maxExpirationDays: z.number(),
});

/** The created share and its link: the token is stored hashed, so the link is shown this once (and mailed). */
export const createdShareSchema = z.object({ share: shareSchema, link: z.string() });

// The recipient's side: no account, the token from the link.

/** A share token as links carry it (base64url of 32 random bytes); anything else is simply not a share. */
export const shareTokenParams = z.object({ token: dbString().max(100) });
export const shareItemParams = shareTokenParams.extend({
  assetId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
/** The grant the page got from unlock, for links the browser follows itself (downloads, images). */
export const shareGrantQuery = z.object({ grant: dbString().max(300).optional() });

export const unlockShareSchema = z.strictObject({
  password: dbString().max(200).optional(),
  /** The recipient accepted the licensing text (needed to download when there is one). */
  accept: z.boolean().default(false),
});
export const shareGrantSchema = z.object({ grant: z.string() });

export const publicShareItemSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  size: z.number(),
  kind: z.string(),
  mimeType: z.string(),
  thumbnail: z.boolean(),
  preview: z.boolean(),
});

export const publicShareSchema = z.discriminatedUnion('locked', [
  /** Nothing about the share before the password. */
  z.object({ locked: z.literal(true) }),
  z.object({
    locked: z.literal(false),
    name: z.string(),
    message: z.string(),
    licensingText: z.string(),
    expiresAt: z.iso.datetime(),
    /** Downloads left, null when there is no maximum. */
    downloadsLeft: z.number().nullable(),
    /** The licence is accepted (or there is none): downloads are open to this grant. */
    accepted: z.boolean(),
    items: z.array(publicShareItemSchema),
    /** Shared assets that are gone since: deleted, or no longer the sharer's to share. */
    goneCount: z.number(),
    totalSize: z.number(),
  }),
]);
export type PublicShare = z.infer<typeof publicShareSchema>;

/** The page's Rapid download of the whole share: the spec the node signed, scoped to the share's files only. */
export const shareRapidSpecSchema = z.object({
  transfer_specs: z.array(z.object({ transfer_spec: z.record(z.string(), z.unknown()) })),
});
/** The page reports its Rapid transfer done; the server asks the node, and counts only what the node finished. */
export const shareRapidDoneSchema = z.strictObject({ cookie: dbString().min(1).max(2000) });
export const shareRapidCountedSchema = z.object({ counted: z.boolean() });
