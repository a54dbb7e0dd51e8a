import { type Kysely, type RawBuilder, sql } from 'kysely';
import { FACETS, type SearchResult } from '../../api/search.ts';
import type { Database } from '../db/schema.ts';

export type Facet = (typeof FACETS)[number];
type Facets = NonNullable<SearchResult['facets']>;

/** Values shown per facet, most frequent first. */
export const FACET_VALUES_SHOWN = 50;

/** Facets that are a column of the asset row (keyword is an array, counted per element). */
export const FACET_EXPRESSIONS: Record<Exclude<Facet, 'keyword'>, RawBuilder<unknown>> = {
  kind: sql`kind`,
  fileType: sql`file_type`,
  aspectRatio: sql`aspect_ratio`,
  colorProfile: sql`color_profile`,
  year: sql`extract(year from date_created)::int`,
};
const COLUMN_FACETS = FACETS.filter((facet): facet is Exclude<Facet, 'keyword'> => facet !== 'keyword');
const bit = (facet: Facet) => 2 ** FACETS.indexOf(facet);

export interface FacetFilter {
  /** Every condition of the search except the facet refinements. */
  base: RawBuilder<unknown>;
  /** The refinement of each facet the person picked values of. */
  refinements: ReadonlyMap<Facet, RawBuilder<unknown>>;
}

/**
 * Every facet's counts, and the total, in one statement and one pass over the matching rows. A facet's counts apply
 * every refinement but its own, so each row is tagged with the set of refinements it fails (`miss`, one bit per
 * facet); only rows failing at most one are read, and a row counts for facet f when it fails none or only f's.
 * The rows fold into cells of equal values, which GROUPING SETS then sum per facet (keywords unnested from the
 * cells). Computed from the rows themselves, so the counts are exact after any edit, on PostgreSQL and PGlite alike.
 */
export async function countFacets(
  db: Kysely<Database>,
  filter: FacetFilter,
): Promise<{ facets: Facets; total: number }> {
  const { rows } = await facetCountsQuery(filter).execute(db);
  const facets = Object.fromEntries(FACETS.map((facet) => [facet, []])) as unknown as Facets;
  let total = 0;
  for (const row of rows) {
    if (row.facet === '') total = Number(row.count);
    else
      facets[row.facet as Facet].push({
        value: row.facet === 'year' ? Number(row.year) : (row.text_value as string),
        count: Number(row.count),
      });
  }
  return { facets, total };
}

/** The one statement behind `countFacets`: a row per facet value (the total as facet ''). */
export function facetCountsQuery(filter: FacetFilter) {
  const refined = [...filter.refinements];
  const miss = refined.length
    ? sql.join(
        refined.map(
          ([facet, condition]) =>
            sql`case when coalesce(${condition}, false) then 0 else ${sql.lit(bit(facet))} end`,
        ),
        sql` + `,
      )
    : sql`0`;
  const allowed = sql.join([0, ...refined.map(([facet]) => bit(facet))].map((value) => sql.lit(value)));
  const columns = COLUMN_FACETS.map((facet) => sql.ref(`f_${facet}`));
  // Each grouping set groups one facet's column with `miss`; `grouping()` says which one a result row is for.
  const facetOf = sql.join(
    COLUMN_FACETS.map((facet) => sql`when grouping(${sql.ref(`f_${facet}`)}) = 0 then ${sql.lit(facet)}`),
    sql` `,
  );
  const textOf = sql.join(
    COLUMN_FACETS.filter((facet) => facet !== 'year').map((facet) => sql.ref(`f_${facet}`)),
    sql`, `,
  );
  const sets = sql.join(
    columns.map((column) => sql`(${column}, miss)`),
    sql`, `,
  );
  const bitOf = sql.join(
    FACETS.map((facet) => sql`when ${sql.lit(facet)} then ${sql.lit(bit(facet))}`),
    sql` `,
  );
  // The matching rows are first folded into cells of equal facet values (few, however many rows): one hash
  // lookup per row. Every facet and the total are then summed from the cells.
  return sql<{ facet: string; text_value: string | null; year: number | null; count: string }>`
    with cells as (
      select ${sql.join(columns, sql`, `)}, keywords, miss, count(*) as n
      from (
        select ${sql.join(
          COLUMN_FACETS.map(
            (facet) =>
              sql`${FACET_EXPRESSIONS[facet]}${facet === 'year' ? sql`` : sql` collate "C"`} as ${sql.ref(`f_${facet}`)}`,
          ),
          sql`, `,
        )}, keywords collate "C" as keywords, ${miss} as miss
        from assets where ${filter.base}
      ) as tagged
      where miss in (${allowed})
      group by ${sql.join(columns, sql`, `)}, keywords, miss
    ),
    grouped as (
      select coalesce(case ${facetOf} end, '') as facet, coalesce(${textOf}) as text_value, f_year as year,
        miss, sum(n) as n
      from cells group by grouping sets (${sets}, (miss))
      union all
      select 'keyword', keyword, null, miss, sum(n) from cells, unnest(keywords) as keyword
      group by keyword, miss
    ),
    summed as (
      select facet, text_value, year, sum(n) as count from grouped
      where (facet = '' and miss = 0)
        or (facet <> '' and (text_value is not null or year is not null)
          and (miss = 0 or miss = case facet ${bitOf} end))
      group by facet, text_value, year
    )
    select facet, text_value, year, count from (
      select *, row_number() over (partition by facet order by count desc, year, text_value collate "default") as rank from summed
    ) as ranked
    where rank <= ${FACET_VALUES_SHOWN} and count > 0
    order by facet, rank`;
}
