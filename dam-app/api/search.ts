import { z } from 'zod';
import { assetKinds, assetSchema } from './assets.ts';
import {
  DATE_OUT_OF_RANGE,
  DB_BIGINT_MAX,
  DB_INT_MAX,
  dbDateTime,
  dbId,
  dbString,
  isStorableInstant,
} from './db-safe.ts';

/** Default "last N days" choices of advanced search (R-DATE-OPTIONS). */
export const LAST_N_DAYS = [5, 10, 20, 30] as const;
/** Date filters (R-DATE-OPTIONS): today, 3, 7 and 30 days, the last full month and the last full year. */
export const DATE_FILTERS = ['today', '3days', '7days', '30days', 'lastMonth', 'lastYear'] as const;
/** Date ranges (R-DATE-OPTIONS): the last 3 and 7 days, month, 3, 6 and 12 months. */
export const DATE_RANGES = [
  'last3days',
  'last7days',
  'lastMonth',
  'last3months',
  'last6months',
  'last12months',
] as const;
export const ASPECT_RATIOS = ['1:1', '4:3', '16:9'] as const;
/** Fields a search can sort by; anything else is removed with the spec's notice. */
export const SORT_FIELDS = [
  'name',
  'fileName',
  'dateCreated',
  'dateAdded',
  'fileType',
  'size',
  'id',
] as const;
export const FACETS = ['kind', 'fileType', 'aspectRatio', 'colorProfile', 'keyword', 'year'] as const;
export const CONDITION_FIELDS = [
  'name',
  'fileName',
  'description',
  'fileType',
  'kind',
  'colorProfile',
  'keyword',
  'size',
  'width',
  'height',
  'dateCreated',
  'dateAdded',
] as const;

export const RANGE_FROM_AFTER_TO = 'A range "from" must be smaller than "to".';
const CONDITION_NOT_A_NUMBER = (max: number) => `The value must be a whole number up to ${max}.`;

const NUMBER_FIELDS: Partial<Record<(typeof CONDITION_FIELDS)[number], number>> = {
  size: DB_BIGINT_MAX,
  width: DB_INT_MAX,
  height: DB_INT_MAX,
};
const DATE_FIELDS: readonly string[] = ['dateCreated', 'dateAdded'];
const conditionValue = z.union([dbString().max(500), z.number()]);

/** A condition's value must be one its field's column holds: a whole number in range, or a date in range. */
const conditionSchema = z
  .strictObject({
    field: z.enum(CONDITION_FIELDS),
    op: z.enum(['contains', 'equals', 'startsWith', 'gt', 'lt', 'between']),
    value: conditionValue,
    to: conditionValue.optional(),
  })
  .superRefine((condition, context) => {
    const max = NUMBER_FIELDS[condition.field];
    const isDate = DATE_FIELDS.includes(condition.field);
    for (const key of ['value', 'to'] as const) {
      const raw = condition[key];
      if (raw === undefined) continue;
      if (max !== undefined) {
        const number = typeof raw === 'number' ? raw : raw.trim() === '' ? Number.NaN : Number(raw);
        if (!Number.isSafeInteger(number) || Math.abs(number) > max)
          context.addIssue({ code: 'custom', path: [key], message: CONDITION_NOT_A_NUMBER(max) });
      } else if (isDate && !isStorableInstant(Date.parse(String(raw))))
        context.addIssue({ code: 'custom', path: [key], message: DATE_OUT_OF_RANGE });
    }
  });

export const searchRequestSchema = z
  .strictObject({
    /** Quick search: words matched (as prefixes) against name, file name, description and keywords. */
    q: dbString().max(500).optional(),
    /** Keyword search: assets carrying every one of these keywords. */
    keywords: z.array(dbString().trim().min(1).max(128)).max(50).optional(),
    conditions: z.array(conditionSchema).max(20).optional(),
    date: z
      .strictObject({
        field: z.enum(['dateCreated', 'dateAdded']).default('dateAdded'),
        lastDays: z.number().int().min(1).max(3650).optional(),
        filter: z.enum(DATE_FILTERS).optional(),
        range: z.enum(DATE_RANGES).optional(),
        from: dbDateTime().optional(),
        to: dbDateTime().optional(),
      })
      .superRefine((value, context) => {
        if (value.from && value.to && Date.parse(value.from) >= Date.parse(value.to))
          context.addIssue({ code: 'custom', path: ['from'], message: RANGE_FROM_AFTER_TO });
      })
      .optional(),
    aspectRatios: z.array(z.enum(ASPECT_RATIOS)).max(3).optional(),
    /** Directory search: only below this folder. */
    folderId: dbId().optional(),
    /** With `folderId`: only the folder's own assets, not its subfolders' (the folder views, sorted by any field). */
    folderOnly: z.boolean().optional(),
    /** Refinement: the facet values picked (values of one facet are alternatives; facets combine). */
    refine: z
      .strictObject({
        kind: z.array(z.enum(assetKinds)).optional(),
        fileType: z.array(dbString().max(50)).max(100).optional(),
        aspectRatio: z.array(dbString().max(20)).max(100).optional(),
        colorProfile: z.array(dbString().max(200)).max(100).optional(),
        keyword: z.array(dbString().max(128)).max(100).optional(),
        year: z.array(z.number().int().min(1).max(9999)).max(100).optional(),
      })
      .optional(),
    sort: z
      .strictObject({ field: dbString().max(50), direction: z.enum(['asc', 'desc']).default('asc') })
      .optional(),
    /** Count the facets (the Refinement Search panel); a plain result list can skip them. */
    withFacets: z.boolean().default(true),
    /** Count all matches (`total`); paging does not need it. */
    withTotal: z.boolean().default(true),
    limit: z.number().int().min(1).max(500).default(50),
    after: dbString().max(2000).optional(),
  })
  .meta({ id: 'SearchRequest' });
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** Bulk edit (R-BULK-EDIT): a description and keywords set on the assets of a selection, by ids or by a search. */
export const bulkEditSchema = z.strictObject({
  ids: z.array(dbId()).max(10_000).optional(),
  /** Every asset this search finds (the search of `POST /search`, validated the same way). */
  search: searchRequestSchema.optional(),
  set: z.strictObject({
    description: dbString().max(10_000).optional(),
    addKeywords: z.array(dbString().trim().min(1).max(128)).max(100).optional(),
    removeKeywords: z.array(dbString().trim().min(1).max(128)).max(100).optional(),
  }),
});

const facetCountsSchema = z.array(z.object({ value: z.union([z.string(), z.number()]), count: z.number() }));

/** Select all: every asset a folder view or a search shows, by id (one selection, at most its maximum block). */
export const selectAllResultSchema = z.object({ ids: z.array(z.number()), total: z.number() });

export const searchResultSchema = z
  .object({
    items: z.array(assetSchema),
    /** null when `withTotal` was false. */
    total: z.number().nullable(),
    /** null when `withFacets` was false. */
    facets: z
      .object(
        Object.fromEntries(FACETS.map((name) => [name, facetCountsSchema])) as Record<
          (typeof FACETS)[number],
          typeof facetCountsSchema
        >,
      )
      .nullable(),
    nextCursor: z.string().nullable(),
    /** The sort actually used, after an unsupported field was removed. */
    sort: z.object({ field: z.enum(SORT_FIELDS), direction: z.enum(['asc', 'desc']) }),
    /** Messages for the person (R-SORT-FIELD-REMOVED: "An unsupported sort field is removed."). */
    notices: z.array(z.string()),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const savedSearchSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    public: z.boolean(),
    owner: z.string(),
    query: searchRequestSchema,
  })
  .meta({ id: 'SavedSearch' });
export const saveSearchSchema = z.strictObject({
  name: dbString().trim().min(1, 'You can not leave this empty.').max(100),
  description: dbString().max(1000).default(''),
  public: z.boolean().default(false),
  query: searchRequestSchema,
});
export const keywordCountsSchema = z.object({
  keywords: z.array(z.object({ keyword: z.string(), count: z.number() })),
});

/** The Calendar view: how many results fall on each day, week (weeks start on Sunday, day 0, R-WEEK-STARTS-SUNDAY) or month. */
export const calendarRequestSchema = z.strictObject({
  search: searchRequestSchema,
  field: z.enum(['dateCreated', 'dateAdded']).default('dateCreated'),
  unit: z.enum(['day', 'week', 'month']).default('day'),
});
export const calendarSchema = z.object({
  buckets: z.array(z.object({ start: z.iso.date(), count: z.number() })),
});
