import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** R-STAMP: how many assets one stamp is applied to at once. */
export const STAMP_MAX_ASSETS = 10_000;
/** How many of the changes a preview lists (it counts them all). */
export const STAMP_PREVIEW_ROWS = 500;

const stampValueSchema = z.strictObject({
  /** The field's key: its XMP namespace and property, as forms name it. */
  key: dbString().trim().min(1).max(700),
  value: dbString().max(4000),
});

export const saveStampSchema = z.strictObject({
  name: dbString().trim().min(1).max(128),
  values: z
    .array(stampValueSchema)
    .min(1)
    .max(100)
    .superRefine((values, issue) => {
      const seen = new Set<string>();
      values.forEach((each, index) => {
        if (seen.has(each.key))
          issue.addIssue({ code: 'custom', path: [index, 'key'], message: FIELD_MESSAGES.fieldAlreadyAdded });
        seen.add(each.key);
      });
    }),
});
export type SaveStamp = z.output<typeof saveStampSchema>;

export const stampSchema = saveStampSchema.extend({ id: z.number().int() });
export type Stamp = z.output<typeof stampSchema>;

export const applyStampSchema = z.strictObject({
  assetIds: z.array(dbId()).min(1).max(STAMP_MAX_ASSETS),
});

/** One field of one asset that the stamp changes. */
export const stampChangeSchema = z.strictObject({
  assetId: z.number().int(),
  key: z.string(),
  from: z.string(),
  to: z.string(),
});

export const stampResultSchema = z.strictObject({
  /** The assets the stamp was (or would be) applied to. */
  assets: z.number().int(),
  /** How many fields change in all. */
  changed: z.number().int(),
  /** The first changes, for the preview. */
  changes: z.array(stampChangeSchema),
  applied: z.boolean(),
  /** R-STAMP-UNDO: the run an application recorded, to undo it (absent from a preview). */
  runId: z.number().int().optional(),
});
export type StampResult = z.output<typeof stampResultSchema>;

/** R-STAMP-UNDO: what undoing a stamp run restored, and the assets changed since that it left as they are. */
export const stampUndoResultSchema = z.strictObject({
  restored: z.number().int(),
  /** The assets whose stamped fields changed since the run (or that are checked out by someone else). */
  changedSince: z.array(z.number().int()),
});
export type StampUndoResult = z.output<typeof stampUndoResultSchema>;

/** R-STAMP-RUNS: how many past stamp runs the administrator's list shows, newest first (ours). */
export const STAMP_RUNS_LISTED = 200;

/** R-STAMP-RUNS: a stamp applied, as the administrator's list shows it. */
export const stampRunSchema = z.strictObject({
  id: z.number().int(),
  /** The stamp's name when it was applied (the stamp may since be renamed or deleted). */
  stampName: z.string(),
  /** Who applied it; null when that account is gone. */
  actor: z.string().nullable(),
  createdAt: z.string(),
  /** The assets whose fields it changed. */
  assets: z.number().int(),
  undoneAt: z.string().nullable(),
});
export type StampRun = z.output<typeof stampRunSchema>;
