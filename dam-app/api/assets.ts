import { z } from 'zod';
import { ARCHIVE_STATES } from './archive.ts';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { dbId, dbString, isStorableText, storablePath } from './db-safe.ts';
import { fileNameProblem } from './names.ts';

export const assetKinds = ['image', 'video', 'audio', 'pdf', 'document', 'other'] as const;

export const renditionSchema = z.object({
  name: z.string(),
  mimeType: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  size: z.number(),
  /** Relative to `/api/v1`. */
  url: z.string(),
});

export const holderSchema = z.object({ id: z.number(), username: z.string() });

/** An asset with every field of R-ASSET-FIELDS (ID number, name, file name, description, dates, type, size, …). */
export const assetSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    fileName: z.string(),
    description: z.string(),
    dateCreated: z.iso.datetime(),
    dateAdded: z.iso.datetime(),
    fileType: z.string(),
    mimeType: z.string(),
    kind: z.enum(assetKinds),
    size: z.number(),
    colorProfile: z.string().nullable(),
    dimensions: z.object({ width: z.number(), height: z.number() }).nullable(),
    aspectRatio: z.string().nullable(),
    renditions: z.array(renditionSchema),
    /** How many versions the asset has (1 until the first check-in). */
    versions: z.number(),
    keywords: z.array(z.string()),
    folderId: z.number().nullable(),
    /** Relative to the storage root (the transfer node's docroot). */
    path: z.string(),
    status: z.enum(['active', 'missing', 'trashed']),
    renditionState: z.enum(['pending', 'done', 'failed']),
    /** Everyone sees who holds the check-out lock. */
    checkedOutBy: holderSchema.nullable(),
    checkedOutAt: z.iso.datetime().nullable(),
    /**
     * R-ARCHIVE-SELECTION: the asset's archive state (Scheduled Archive, Retention Queue: an archive proxy, Restoring
     * Now); null or absent when it is not in the archive's lists.
     */
    archiveState: z.enum(ARCHIVE_STATES).nullable().optional(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Asset' });
export type AssetView = z.infer<typeof assetSchema>;

export const fileNameSchema = z
  .string()
  .max(4096)
  .transform((value) => value.trim().normalize('NFC'))
  .superRefine((value, context) => {
    // A lone surrogate is no character at all: the name rule's refusal, like NUL and the other invisible ones.
    const problem =
      fileNameProblem(value) ?? (isStorableText(value) ? undefined : ASSET_MESSAGES.fileNameRule);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const ingestSchema = z.strictObject({
  /** Relative to the storage root, inside the current ACL's root. */
  path: storablePath().min(1, ASSET_MESSAGES.nameRequired),
});
export const ingestResultSchema = z.object({
  asset: assetSchema,
  created: z.boolean(),
  changed: z.boolean(),
});

export const editAssetSchema = z.strictObject({
  name: dbString().trim().min(1, ASSET_MESSAGES.nameRequired).max(500).optional(),
  description: dbString().max(10_000).optional(),
  keywords: z.array(dbString().trim().min(1).max(128)).max(500).optional(),
});
export const renameAssetSchema = z.strictObject({ fileName: fileNameSchema });
export const assetDestinationSchema = z.strictObject({ destinationId: dbId() });

export const assetPageSchema = z.object({
  items: z.array(assetSchema),
  /** Pass as `after` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});

export const folderAssetsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  after: dbString().max(2000).optional(),
});

export const bulkEditResultSchema = z.object({
  updated: z.number(),
  /** Assets another user holds checked out: left as they were. */
  locked: z.array(z.number()),
});

export const bulkSelectCsvSchema = z.strictObject({
  fileName: dbString().min(1).max(255),
  /** The file's text: one asset per line, its ID number or its file name in the first column. */
  content: dbString().max(900_000),
});
export const bulkSelectResultSchema = z.object({ ids: z.array(z.number()), unmatched: z.array(z.string()) });
