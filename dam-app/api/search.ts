import { z } from 'zod';
import { assetKinds, assetSchema } from './assets.ts';

/** Default "last N days" choices of advanced search (spec §9). */
export const LAST_N_DAYS = [5, 10, 20, 30] as const;
/** Date filters (spec §9): today, 3, 7 and 30 days, the last full month and the last full year. */
export const DATE_FILTERS = ['today', '3days', '7days', '30days', 'lastMonth', 'lastYear'] as const;
/** Date ranges (spec §9): the last 3 and 7 days, month, 3, 6 and 12 months. */
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

const conditionSchema = z.strictObject({
  field: z.enum(CONDITION_FIELDS),
  op: z.enum(['contains', 'equals', 'startsWith', 'gt', 'lt', 'between']),
  value: z.union([z.string().max(500), z.number()]),
  to: z.union([z.string().max(500), z.number()]).optional(),
});

export const searchRequestSchema = z
  .strictObject({
    /** Quick search: words matched (as prefixes) against name, file name, description and keywords. */
    q: z.string().max(500).optional(),
    /** Keyword search: assets carrying every one of these keywords. */
    keywords: z.array(z.string().trim().min(1).max(128)).max(50).optional(),
    conditions: z.array(conditionSchema).max(20).optional(),
    date: z
      .strictObject({
        field: z.enum(['dateCreated', 'dateAdded']).default('dateAdded'),
        lastDays: z.number().int().min(1).max(3650).optional(),
        filter: z.enum(DATE_FILTERS).optional(),
        range: z.enum(DATE_RANGES).optional(),
        from: z.iso.datetime({ offset: true }).optional(),
        to: z.iso.datetime({ offset: true }).optional(),
      })
      .superRefine((value, context) => {
        if (value.from && value.to && Date.parse(value.from) >= Date.parse(value.to))
          context.addIssue({ code: 'custom', path: ['from'], message: RANGE_FROM_AFTER_TO });
      })
      .optional(),
    aspectRatios: z.array(z.enum(ASPECT_RATIOS)).max(3).optional(),
    /** Directory search: only below this folder. */
    folderId: z.number().int().positive().optional(),
    /** With `folderId`: only the folder's own assets, not its subfolders' (the folder views, sorted by any field). */
    folderOnly: z.boolean().optional(),
    /** Refinement: the facet values picked (values of one facet are alternatives; facets combine). */
    refine: z
      .strictObject({
        kind: z.array(z.enum(assetKinds)).optional(),
        fileType: z.array(z.string().max(50)).optional(),
        aspectRatio: z.array(z.string().max(20)).optional(),
        colorProfile: z.array(z.string().max(200)).optional(),
        keyword: z.array(z.string().max(128)).optional(),
        year: z.array(z.number().int()).optional(),
      })
      .optional(),
    sort: z
      .strictObject({ field: z.string().max(50), direction: z.enum(['asc', 'desc']).default('asc') })
      .optional(),
    /** Count the facets (the Refinement Search panel); a plain result list can skip them. */
    withFacets: z.boolean().default(true),
    /** Count all matches (`total`); paging does not need it. */
    withTotal: z.boolean().default(true),
    limit: z.number().int().min(1).max(500).default(50),
    after: z.string().max(2000).optional(),
  })
  .meta({ id: 'SearchRequest' });
export type SearchRequest = z.infer<typeof searchRequestSchema>;

const facetCountsSchema = z.array(z.object({ value: z.union([z.string(), z.number()]), count: z.number() }));

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
    /** Messages for the person (spec §8: "An unsupported sort field is removed."). */
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
  name: z.string().trim().min(1, 'You can not leave this empty.').max(100),
  description: z.string().max(1000).default(''),
  public: z.boolean().default(false),
  query: searchRequestSchema,
});
export const keywordCountsSchema = z.object({
  keywords: z.array(z.object({ keyword: z.string(), count: z.number() })),
});

/** The Calendar view: how many results fall on each day, week (weeks start on Sunday, day 0, spec §9) or month. */
export const calendarRequestSchema = z.strictObject({
  search: searchRequestSchema,
  field: z.enum(['dateCreated', 'dateAdded']).default('dateCreated'),
  unit: z.enum(['day', 'week', 'month']).default('day'),
});
export const calendarSchema = z.object({
  buckets: z.array(z.object({ start: z.iso.date(), count: z.number() })),
});
