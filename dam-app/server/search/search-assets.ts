import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { FACETS, type SearchRequest, type SearchResult, SORT_FIELDS } from '../../api/search.ts';
import type { Principal } from '../access/principal.ts';
import { invalid } from '../api/api-error.ts';
import { ASSET_ROW_COLUMNS, type AssetRow, assetViews } from '../assets/asset-views.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor } from '../assets/keyset-cursor.ts';
import { aclRoot, belowPattern } from '../folders/acl-scope.ts';
import { visibleFolder } from '../folders/folder-records.ts';
import type { DamServices } from '../services.ts';
import { dateWindow } from './date-window.ts';
import { countFacets, FACET_EXPRESSIONS, type Facet, type FacetFilter } from './facet-count-queries.ts';

type SortField = (typeof SORT_FIELDS)[number];
type Condition = RawBuilder<unknown>;

const SORT_COLUMNS: Record<SortField, RawBuilder<unknown>> = {
  name: sql`lower(name)`,
  fileName: sql`lower(file_name)`,
  dateCreated: sql`date_created`,
  dateAdded: sql`date_added`,
  fileType: sql`file_type`,
  size: sql`size`,
  id: sql`id`,
};

/** What a cursor's sort value must be for each sort field: the column's value as the database prints it. */
const CURSOR_SORT_VALUES = {
  name: CURSOR_VALUES.text,
  fileName: CURSOR_VALUES.text,
  dateCreated: CURSOR_VALUES.timestamp,
  dateAdded: CURSOR_VALUES.timestamp,
  fileType: CURSOR_VALUES.text,
  size: CURSOR_VALUES.bigint,
  id: CURSOR_VALUES.intText,
} satisfies Record<SortField, unknown>;

const TEXT_COLUMNS = {
  name: sql`name`,
  fileName: sql`file_name`,
  description: sql`description`,
  fileType: sql`file_type`,
  kind: sql`kind`,
  colorProfile: sql`color_profile`,
} as const;
const NUMBER_COLUMNS = { size: sql`size`, width: sql`width`, height: sql`height` } as const;
const DATE_COLUMNS = { dateCreated: sql`date_created`, dateAdded: sql`date_added` } as const;

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Quick, keyword and advanced search with facet counts and keyset paging, in SQL that PostgreSQL 15 and PGlite
 * run alike. Everything is confined to the current ACL's root. A facet's counts apply every other filter but its
 * own, so picking one value still shows the alternatives.
 */
export async function searchAssets(
  services: DamServices,
  principal: Principal,
  request: SearchRequest,
  now = new Date(),
): Promise<SearchResult> {
  const { db } = services;
  const notices: string[] = [];
  const filter = await searchFilter(services, principal, request, now);
  const { where } = filter;

  let field: SortField = 'dateAdded';
  let direction: 'asc' | 'desc' = 'desc';
  if (request.sort) {
    if ((SORT_FIELDS as readonly string[]).includes(request.sort.field)) {
      field = request.sort.field as SortField;
      direction = request.sort.direction;
    } else notices.push(ASSET_MESSAGES.unsupportedSortRemoved);
  }
  const column = SORT_COLUMNS[field];
  const order = direction === 'asc' ? sql`asc` : sql`desc`;
  // With a quick search, assets whose name or file name is exactly what was typed come first, in any sort.
  const exact = quickSearchText(request.q);
  const rank =
    exact === undefined ? undefined : sql`(lower(name) = ${exact} or lower(file_name) = ${exact})::int`;
  let pageWhere = where();
  if (request.after) {
    // With the exact-name rank, the cursor carries it third (0 or 1), after the sort value and the id.
    const [value, id, rankAfter] = rank
      ? decodeCursor(request.after, [CURSOR_SORT_VALUES[field], CURSOR_VALUES.id, EXACT_RANK])
      : [...decodeCursor(request.after, [CURSOR_SORT_VALUES[field], CURSOR_VALUES.id]), null];
    if (id === null) throw invalid({ after: 'The page position is not valid.' }, 'bad_cursor');
    const comparison = direction === 'asc' ? sql`>` : sql`<`;
    const typed =
      field === 'dateCreated' || field === 'dateAdded' ? sql`${value}::timestamptz` : sql`${value}`;
    const within = sql`(${column}, id) ${comparison} (${typed}, ${id})`;
    pageWhere = sql`${pageWhere} and ${
      rank ? sql`(${rank} < ${rankAfter} or (${rank} = ${rankAfter} and ${within}))` : within
    }`;
  }
  // The cursor keeps the sort value as the database prints it: timestamps keep their microseconds.
  const pageRows = (part: Condition | undefined) =>
    sql<AssetRow & { sort_key: string; exact_rank: number | null }>`select ${sql.join(
      ASSET_ROW_COLUMNS.map((name) => sql.ref(name)),
    )},
        (${column})::text as sort_key, ${rank ?? sql`null`} as exact_rank
      from assets where ${pageWhere}${part ? sql` and ${part}` : sql``}
      order by ${column} ${order}, id ${order} limit ${request.limit + 1}`.execute(db);
  // With a quick search, the exact matches and the rest are two queries, each in the sort's own order: one ordered
  // by the rank first must read and sort every match (seconds for a common word in a million assets), while each
  // of these can walk an index of the sort and stop at the page's end. The exact matches come first.
  const pageQuery = rank
    ? Promise.all([
        // Written as plain equalities, not the rank's 0/1, so the name indexes find the few exact matches; the
        // planner cannot see through the rank and walked the whole sort index looking for them.
        pageRows(sql`(lower(name) = ${exact} or lower(file_name) = ${exact})`),
        pageRows(sql`${rank} = 0`),
      ]).then(([exactMatches, rest]) => ({
        rows: [...exactMatches.rows, ...rest.rows].slice(0, request.limit + 1),
      }))
    : pageRows(undefined);
  // On PostgreSQL the page and the counts run side by side on two connections; PGlite takes them in turn.
  const [{ rows }, counted, total] = await Promise.all([
    pageQuery,
    request.withFacets ? countFacets(db, filter) : undefined,
    request.withTotal && !request.withFacets
      ? sql<{ count: string }>`select count(*) as count from assets where ${where()}`
          .execute(db)
          .then((result) => Number(result.rows[0]?.count ?? 0))
      : undefined,
  ]);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    items: await assetViews(
      db,
      page.map(({ sort_key: _key, exact_rank: _rank, ...asset }) => asset),
    ),
    total: request.withTotal ? (counted?.total ?? total ?? 0) : null,
    facets: counted?.facets ?? null,
    nextCursor:
      rows.length > request.limit && last
        ? encodeCursor(
            last.exact_rank === null
              ? [last.sort_key, last.id]
              : [last.sort_key, last.id, Number(last.exact_rank)],
          )
        : null,
    sort: { field, direction },
    notices,
  };
}

function conditionSql(condition: NonNullable<SearchRequest['conditions']>[number]): Condition {
  const bad = (message: string) => invalid({ conditions: message }, 'bad_condition');
  const { field, op, value } = condition;
  if (field === 'keyword') {
    const text = String(value).toLowerCase();
    if (op === 'equals') return sql`exists (select 1 from unnest(keywords) k where lower(k) = ${text})`;
    if (op === 'contains' || op === 'startsWith') {
      const pattern = op === 'contains' ? `%${likeEscape(text)}%` : `${likeEscape(text)}%`;
      return sql`exists (select 1 from unnest(keywords) k where lower(k) like ${pattern})`;
    }
    throw bad(`A keyword condition cannot use ${op}.`);
  }
  if (field in TEXT_COLUMNS) {
    const column = TEXT_COLUMNS[field as keyof typeof TEXT_COLUMNS];
    const text = String(value).toLowerCase();
    if (op === 'equals') return sql`lower(${column}) = ${text}`;
    if (op === 'contains') return sql`lower(${column}) like ${`%${likeEscape(text)}%`}`;
    if (op === 'startsWith') return sql`lower(${column}) like ${`${likeEscape(text)}%`}`;
    throw bad(`A text condition cannot use ${op}.`);
  }
  const isDate = field in DATE_COLUMNS;
  const column = isDate
    ? DATE_COLUMNS[field as keyof typeof DATE_COLUMNS]
    : NUMBER_COLUMNS[field as keyof typeof NUMBER_COLUMNS];
  const operand = (raw: string | number | undefined) => {
    if (isDate) {
      const time = Date.parse(String(raw));
      if (Number.isNaN(time)) throw bad('The date is not valid.');
      return sql`${new Date(time).toISOString()}::timestamptz`;
    }
    const number = Number(raw);
    if (!Number.isFinite(number)) throw bad('The value is not a number.');
    return sql`${number}`;
  };
  if (op === 'equals') return sql`${column} = ${operand(value)}`;
  if (op === 'gt') return sql`${column} > ${operand(value)}`;
  if (op === 'lt') return sql`${column} < ${operand(value)}`;
  if (op === 'between') {
    if (condition.to === undefined) throw bad(RANGE_TO_REQUIRED);
    const from = isDate ? Date.parse(String(value)) : Number(value);
    const to = isDate ? Date.parse(String(condition.to)) : Number(condition.to);
    if (!(from < to)) throw invalid({ conditions: 'A range "from" must be smaller than "to".' }, 'bad_range');
    return sql`${column} >= ${operand(value)} and ${column} <= ${operand(condition.to)}`;
  }
  throw bad(`This field cannot use ${op}.`);
}

/** A cursor's exact-name rank: 1 for the exact matches listed first, 0 after them. */
const EXACT_RANK = z.union([z.literal(0), z.literal(1)]);

/** The words of a quick search as the index holds them: letters and digits, lower case, NFC. */
export function quickSearchWords(q: string): string[] {
  return (
    q
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** What an exact name match compares with: the whole typed text, trimmed, lower case, NFC; none when blank. */
function quickSearchText(q: string | undefined): string | undefined {
  const text = q?.normalize('NFC').trim().toLowerCase();
  return text ? text : undefined;
}

const RANGE_TO_REQUIRED = 'A range needs a "to" value.';

/** A search's conditions: the base ones, each facet refinement, and the WHERE clause leaving one facet out. */
export interface SearchFilter extends FacetFilter {
  /** The WHERE clause; a facet's own counts ignore its own refinement, so `except` leaves that one out. */
  where(except?: Facet): RawBuilder<unknown>;
}

/**
 * The WHERE clause of a search, as a function of the facet to leave out. Shared by the result list and the
 * calendar view.
 */
export async function searchConditions(
  services: DamServices,
  principal: Principal,
  request: SearchRequest,
  now = new Date(),
): Promise<(except?: Facet) => RawBuilder<unknown>> {
  return (await searchFilter(services, principal, request, now)).where;
}

export async function searchFilter(
  services: DamServices,
  principal: Principal,
  request: SearchRequest,
  now = new Date(),
): Promise<SearchFilter> {
  const base: Condition[] = [sql`status = 'active'`];
  const root = aclRoot(principal);
  if (root !== '') base.push(sql`path like ${belowPattern(root)}`);
  if (request.folderId !== undefined) {
    const folder = await visibleFolder(services, principal, request.folderId);
    base.push(
      request.folderOnly ? sql`folder_id = ${folder.id}` : sql`path like ${belowPattern(folder.path)}`,
    );
  }
  if (request.q !== undefined && request.q.trim() !== '') {
    const words = quickSearchWords(request.q);
    if (words.length === 0) throw invalid({ q: ASSET_MESSAGES.searchEmpty }, 'search_empty');
    // Each word as the start of a word of the text, the name (split on punctuation and case changes) or the
    // keywords; from three letters on also anywhere inside the name or file name. GIN indexes (full text and
    // trigrams) serve every side of the OR.
    for (const word of words) {
      const query = sql`to_tsquery('simple', ${`${word}:*`})`;
      const inside = `%${likeEscape(word)}%`;
      base.push(
        word.length >= 3
          ? sql`(search @@ ${query} or keyword_search @@ ${query} or lower(name) like ${inside} or lower(file_name) like ${inside})`
          : sql`(search @@ ${query} or keyword_search @@ ${query})`,
      );
    }
  }
  if (request.keywords?.length) base.push(sql`keywords @> ${sql.val(request.keywords)}::text[]`);
  for (const condition of request.conditions ?? []) base.push(conditionSql(condition));
  if (request.date) {
    const window = dateWindow(request.date, now);
    const column = DATE_COLUMNS[request.date.field];
    if (window.from) base.push(sql`${column} >= ${window.from}`);
    if (window.to) base.push(sql`${column} < ${window.to}`);
  }
  if (request.aspectRatios?.length) base.push(sql`aspect_ratio in (${sql.join(request.aspectRatios)})`);

  const refinements = new Map<Facet, Condition>();
  for (const facet of FACETS) {
    const values = request.refine?.[facet];
    if (!values?.length) continue;
    if (facet === 'keyword') refinements.set(facet, sql`keywords && ${sql.val(values)}::text[]`);
    else
      refinements.set(
        facet,
        sql`${FACET_EXPRESSIONS[facet]} in (${sql.join(values as (string | number)[])})`,
      );
  }
  const where = (except?: Facet) => {
    const all = [...base, ...[...refinements].filter(([facet]) => facet !== except).map(([, each]) => each)];
    return sql.join(all, sql` and `);
  };
  return { base: sql.join(base, sql` and `), refinements, where };
}
