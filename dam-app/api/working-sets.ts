import { z } from 'zod';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { dbDateTime, dbId, dbString } from './db-safe.ts';
import { searchRequestSchema } from './search.ts';

/** R-CART-LIMIT: up to 1000 assets per cart tab; the first 1000 are added. */
export const CART_MAX_ASSETS = 1000;
export const CART_FULL_NOTICE = `A cart holds up to ${CART_MAX_ASSETS} assets; the first ${CART_MAX_ASSETS} were added.`;
export const EXPIRY_NOT_FUTURE = 'The expiration date cannot be today or past.';

/** A collection (saved selection) with every field of R-COLLECTION-FIELDS. */
export const collectionSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    owner: z.string(),
    sharedWithGroupId: z.number().nullable(),
    modifiable: z.boolean(),
    public: z.boolean(),
    bundle: z.boolean(),
    expiresAt: z.iso.datetime().nullable(),
    assetCount: z.number(),
  })
  .meta({ id: 'Collection' });

export const saveCollectionSchema = z.strictObject({
  name: dbString().trim().min(1, ASSET_MESSAGES.nameRequired).max(200),
  description: dbString().max(2000).default(''),
  sharedWithGroupId: dbId().nullable().default(null),
  modifiable: z.boolean().default(false),
  public: z.boolean().default(false),
  bundle: z.boolean().default(false),
  expiresAt: dbDateTime()
    .nullable()
    .default(null)
    .refine((value) => value === null || Date.parse(value) >= nextMidnightUtc(), EXPIRY_NOT_FUTURE),
});

function nextMidnightUtc(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}

export const cartSchema = z
  .object({ id: z.number(), name: z.string(), assetCount: z.number() })
  .meta({ id: 'Cart' });

export const cartNameSchema = z.strictObject({
  name: dbString(ASSET_MESSAGES.cartNameRequired).trim().min(1, ASSET_MESSAGES.cartNameRequired).max(200),
});

/** Bulk select: by ids, or every asset a search finds. */
export const selectionSchema = z
  .strictObject({
    ids: z.array(dbId()).max(10_000).optional(),
    search: searchRequestSchema.optional(),
  })
  .refine((value) => value.ids !== undefined || value.search !== undefined, {
    message: ASSET_MESSAGES.searchEmpty,
  });

export const addedSchema = z.object({
  added: z.number(),
  /** Ids left out: not visible, already there, or past the cart's limit. */
  skipped: z.number(),
  notices: z.array(z.string()),
});

/** A group a collection can be shared with (R-COLLECTION-FIELDS "shared with (group)"). */
export const shareGroupSchema = z.object({ id: z.number(), name: z.string() }).meta({ id: 'ShareGroup' });

/** What a bundle delivers: its files, in the one folder they arrive in. */
export const bundleSchema = z
  .object({
    collectionId: z.number(),
    folder: z.string(),
    files: z.array(z.object({ assetId: z.number(), name: z.string(), size: z.number() })),
    totalSize: z.number(),
  })
  .meta({ id: 'Bundle' });
