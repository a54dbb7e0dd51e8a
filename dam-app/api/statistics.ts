import { z } from 'zod';
import { dbString, storablePath } from './db-safe.ts';

/** The longest period Statistics counts at once, in days (one a day). */
export const STATISTICS_MAX_DAYS = 366;
/** The period Statistics shows when none is asked: the last 30 days, today included. */
export const STATISTICS_DEFAULT_DAYS = 30;
export const PERIOD_BACKWARDS = 'The period must not end before it starts.';
export const PERIOD_TOO_LONG = `A period can be at most ${STATISTICS_MAX_DAYS} days long.`;

const DAY_MS = 86_400_000;
/** Whole days from one `YYYY-MM-DD` to another, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** A period of whole UTC days, `from` and `to` both included; either may be left out. */
const period = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
const inOrder = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || value.from <= value.to;

/** The activity log's filters (R-LOG-REPORTS), shared by its pages and its CSV export. */
export const auditFilterFields = period.extend({
  event: dbString().max(64).optional(),
  /** A username, exactly (any case). */
  user: dbString().max(64).optional(),
});
export const auditFilterSchema = auditFilterFields.refine(inOrder, {
  message: PERIOD_BACKWARDS,
  path: ['to'],
});
/** Checks a filter made from {@link auditFilterFields} and more. */
export const periodInOrder = inOrder;
export const periodBackwards = { message: PERIOD_BACKWARDS, path: ['to'] };

export const statisticsQuerySchema = period
  .extend({
    /** Storage is shown one folder level under this one (the storage root when left out). */
    folder: storablePath().optional(),
  })
  .refine(inOrder, { message: PERIOD_BACKWARDS, path: ['to'] })
  .refine((value) => !value.from || !value.to || daysBetween(value.from, value.to) <= STATISTICS_MAX_DAYS, {
    message: PERIOD_TOO_LONG,
    path: ['from'],
  });

const count = z.number().int().min(0);
const bytes = z.number().min(0);

export const statisticsDaySchema = z.object({
  day: z.iso.date(),
  uploads: count,
  uploadBytes: bytes,
  downloads: count,
  downloadBytes: bytes,
  /** People who signed in, downloaded or changed something that day (what the activity log holds). */
  activeUsers: count,
});

const storageRow = { assets: count, bytes };

/** Statistics (R-STATISTICS): the period's days, their totals, and the library's storage now. */
export const statisticsSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    folder: z.string(),
    days: z.array(statisticsDaySchema),
    totals: z.object({ uploads: count, uploadBytes: bytes, downloads: count, downloadBytes: bytes }),
    /** One row per folder one level under `folder`; files right in `folder` count under its own name. */
    byFolder: z.array(z.object({ folder: z.string(), ...storageRow })),
    byKind: z.array(z.object({ kind: z.string(), ...storageRow })),
  })
  .meta({ id: 'Statistics' });
export type Statistics = z.infer<typeof statisticsSchema>;
export type StatisticsDay = z.infer<typeof statisticsDaySchema>;
