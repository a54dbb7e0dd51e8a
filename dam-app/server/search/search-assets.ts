import { type RawBuilder, sql } from 'kysely';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { FACETS, type SearchRequest, type SearchResult, SORT_FIELDS } from '../../api/search.ts';
import type { Principal } from '../access/principal.ts';
import { invalid } from '../api/api-error.ts';
import { assetViews } from '../assets/asset-views.ts';
import { decodeCursor, encodeCursor } from '../assets/keyset-cursor.ts';
import type { Asset } from '../db/schema.ts';
import { aclRoot, belowPattern } from '../folders/acl-scope.ts';
import { visibleFolder } from '../folders/folder-records.ts';
import type { DamServices } from '../services.ts';
import { dateWindow } from './date-window.ts';

type Facet = (typeof FACETS)[number];
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

const FACET_EXPRESSIONS: Record<Facet, RawBuilder<unknown>> = {
  kind: sql`kind`,
  fileType: sql`file_type`,
  aspectRatio: sql`aspect_ratio`,
  colorProfile: sql`color_profile`,
  keyword: sql`keyword`,
  year: sql`extract(year from date_created)::int`,
};

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
  const where = await searchConditions(services, principal, request, now);

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
  let pageWhere = where();
  if (request.after) {
    const [value, id] = decodeCursor(request.after);
    const comparison = direction === 'asc' ? sql`>` : sql`<`;
    const typed =
      field === 'dateCreated' || field === 'dateAdded' ? sql`${value}::timestamptz` : sql`${value}`;
    pageWhere = sql`${pageWhere} and (${column}, id) ${comparison} (${typed}, ${id})`;
  }
  // The cursor keeps the sort value as the database prints it: timestamps keep their microseconds.
  const { rows } = await sql<Asset & { sort_key: string }>`select *, (${column})::text as sort_key
    from assets where ${pageWhere}
    order by ${column} ${order}, id ${order} limit ${request.limit + 1}`.execute(db);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);

  const total = request.withTotal
    ? await sql<{ count: string }>`select count(*) as count from assets where ${where()}`.execute(db)
    : undefined;
  const facets = request.withFacets ? ({} as NonNullable<SearchResult['facets']>) : null;
  for (const facet of facets ? FACETS : []) {
    const from =
      facet === 'keyword'
        ? sql`(select unnest(keywords) as keyword from assets where ${where(facet)}) as picked`
        : sql`(select ${FACET_EXPRESSIONS[facet]} as value from assets where ${where(facet)}) as picked`;
    const valueColumn = facet === 'keyword' ? sql`keyword` : sql`value`;
    const counted = await sql<{ value: string | number | null; count: string }>`
      select ${valueColumn} as value, count(*) as count from ${from}
      where ${valueColumn} is not null group by ${valueColumn} order by count(*) desc, ${valueColumn} limit 50`.execute(
      db,
    );
    (facets as NonNullable<SearchResult['facets']>)[facet] = counted.rows.map((row) => ({
      value: row.value as string | number,
      count: Number(row.count),
    }));
  }
  return {
    items: await assetViews(
      db,
      page.map(({ sort_key: _key, ...asset }) => asset),
    ),
    total: total ? Number(total.rows[0]?.count ?? 0) : null,
    facets,
    nextCursor: rows.length > request.limit && last ? encodeCursor([last.sort_key, last.id]) : null,
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

const RANGE_TO_REQUIRED = 'A range needs a "to" value.';

/**
 * The WHERE clause of a search, as a function of the facet to leave out (a facet's own counts ignore its own
 * refinement). Shared by the result list, the facet counts and the calendar view.
 */
export async function searchConditions(
  services: DamServices,
  principal: Principal,
  request: SearchRequest,
  now = new Date(),
): Promise<(except?: Facet) => RawBuilder<unknown>> {
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
    const words =
      request.q
        .normalize('NFC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) throw invalid({ q: ASSET_MESSAGES.searchEmpty }, 'search_empty');
    // Each word in the text or the keywords; GIN indexes serve both sides of every OR.
    for (const word of words) {
      const query = sql`to_tsquery('simple', ${`${word}:*`})`;
      base.push(sql`(search @@ ${query} or keyword_search @@ ${query})`);
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
  return where;
}
