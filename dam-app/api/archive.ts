import { z } from 'zod';
import { dbDateTime, dbId } from './db-safe.ts';
import { MESSAGES } from './messages.ts';

/** R-ARCHIVE's states: Scheduled Archive, Retention Queue (archived, a proxy), Restoring Now. */
export const ARCHIVE_STATES = ['scheduled', 'archived', 'restoring'] as const;
export type ArchiveState = (typeof ARCHIVE_STATES)[number];

/** The most assets one archive or restore request names (ours). */
export const ARCHIVE_MAX_ASSETS = 500;

const assetIds = z.array(dbId()).min(1).max(ARCHIVE_MAX_ASSETS);

/**
 * R-ARCHIVE: archive these assets at `archiveAt` (now when left out) and keep their originals in the archive tier
 * until `retentionUntil` (kept until restored when left out), which cannot come before the archive date.
 */
export const scheduleArchiveSchema = z
  .strictObject({
    assetIds,
    archiveAt: dbDateTime().optional(),
    retentionUntil: dbDateTime().optional(),
  })
  .refine(
    ({ archiveAt, retentionUntil }) =>
      retentionUntil === undefined ||
      Date.parse(retentionUntil) >= (archiveAt === undefined ? Date.now() : Date.parse(archiveAt)),
    { message: MESSAGES.retentionBeforeArchive, path: ['retentionUntil'] },
  );

export const restoreArchiveSchema = z.strictObject({ assetIds });

export const archiveEntrySchema = z.object({
  assetId: z.number().int(),
  name: z.string(),
  path: z.string(),
  size: z.number(),
  state: z.enum(ARCHIVE_STATES),
  archiveAt: z.string(),
  retentionUntil: z.string().nullable(),
  archivedAt: z.string().nullable(),
  restoreRequestedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

/** Archive status: every asset in each state, and where the archive tier is. */
export const archiveStatusSchema = z.object({
  tier: z.enum(['folder', 's3']),
  entries: z.array(archiveEntrySchema),
});
export type ArchiveStatus = z.infer<typeof archiveStatusSchema>;

export const archiveCountSchema = z.object({ count: z.number().int() });
