import { z } from 'zod';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { dbIdParam, dbString, storablePath } from './db-safe.ts';

export const versionCategories = ['Parent', 'Peer', 'Named'] as const;
export const versioningStates = ['started', 'in progress', 'completed', 'failed'] as const;

/** A version (R-VERSION-FIELDS): name, comment, file name, size, date entered, message, category. */
export const versionSchema = z
  .object({
    id: z.number(),
    number: z.number(),
    name: z.string(),
    comment: z.string(),
    message: z.string(),
    category: z.enum(versionCategories),
    fileName: z.string(),
    size: z.number(),
    dateEntered: z.iso.datetime(),
    state: z.enum(versioningStates),
    createdBy: z.string().nullable(),
    /** The version's own content is the same as the one before (a metadata-only change: no binary copy). */
    metadataOnly: z.boolean(),
    thumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'Version' });

export const checkInSchema = z
  .strictObject({
    name: dbString().trim().max(200).default(''),
    comment: dbString().max(2000).default(''),
    message: dbString().max(2000).default(''),
    category: z.enum(versionCategories).default('Parent'),
    /** A file already in storage (an accelerated upload) that replaces the content; absent for metadata only. */
    replacementPath: storablePath().optional(),
    metadata: z
      .strictObject({
        name: dbString().trim().min(1, ASSET_MESSAGES.nameRequired).max(500).optional(),
        description: dbString().max(10_000).optional(),
        keywords: z.array(dbString().trim().min(1).max(128)).max(500).optional(),
      })
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.category === 'Named' && value.name === '')
      context.addIssue({ code: 'custom', path: ['name'], message: ASSET_MESSAGES.nameRequired });
  });
export type CheckIn = z.infer<typeof checkInSchema>;

export const compareQuerySchema = z.object({ a: dbIdParam(), b: dbIdParam() });
export const versionCompareSchema = z.object({
  a: versionSchema,
  b: versionSchema,
  /** Metadata fields whose values differ. */
  differences: z.array(z.object({ field: z.string(), a: z.unknown(), b: z.unknown() })),
});
