import { sql } from 'kysely';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import { idParamSchema } from '../../api/admin.ts';
import {
  keywordCountsSchema,
  type SearchRequest,
  savedSearchSchema,
  saveSearchSchema,
  searchRequestSchema,
  searchResultSchema,
} from '../../api/search.ts';
import { can } from '../access/principal.ts';
import { conflict, forbidden, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { aclRoot, belowPattern } from '../folders/acl-scope.ts';
import { searchAssets } from './search-assets.ts';

const tag = 'Search';

export const searchRoutes = [
  defineRoute({
    method: 'post',
    path: '/search',
    tag,
    summary: 'Quick, keyword, advanced and directory search, with facet counts and keyset paging',
    auth: 'user',
    body: searchRequestSchema,
    response: searchResultSchema,
    async handler({ services, principal, body }) {
      // The Refinement Search panel's counts are what the facet browsing permission grants.
      const withFacets = body.withFacets && can(principal, 'facet browsing');
      return searchAssets(services, principal, { ...body, withFacets });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/keywords',
    tag,
    summary:
      'Global keywords under the current ACL root, with counts (the taxonomy); needs view global keywords',
    auth: 'user',
    response: keywordCountsSchema,
    async handler({ services, principal }) {
      if (!can(principal, 'view global keywords')) throw forbidden();
      const root = aclRoot(principal);
      const scope = root === '' ? sql`true` : sql`path like ${belowPattern(root)}`;
      const { rows } = await sql<{ keyword: string; count: string }>`
        select keyword, count(*) as count from (select unnest(keywords) as keyword from assets
          where status = 'active' and ${scope}) as k
        group by keyword order by lower(keyword), keyword limit 5000`.execute(services.db);
      return { keywords: rows.map((row) => ({ keyword: row.keyword, count: Number(row.count) })) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/saved-searches',
    tag,
    summary: 'My saved searches and everyone’s public ones',
    auth: 'user',
    response: z.array(savedSearchSchema),
    async handler({ services, principal }) {
      const rows = await services.db
        .selectFrom('saved_searches')
        .innerJoin('users', 'users.id', 'saved_searches.owner_id')
        .selectAll('saved_searches')
        .select('users.username')
        .where((eb) => eb.or([eb('owner_id', '=', principal.user.id), eb('public', '=', true)]))
        .orderBy(sql`lower(name)`)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        public: row.public,
        owner: row.username,
        query: row.query as SearchRequest,
      }));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/saved-searches',
    tag,
    summary: 'Save a search (name, description, public)',
    auth: 'user',
    body: saveSearchSchema,
    response: savedSearchSchema,
    status: 201,
    async handler({ services, principal, body }) {
      const taken = await services.db
        .selectFrom('saved_searches')
        .select('id')
        .where('owner_id', '=', principal.user.id)
        .where(sql`lower(name)`, '=', body.name.toLowerCase())
        .executeTakeFirst();
      if (taken) throw conflict('name_taken', 'A saved search with this name already exists.', 'name');
      const row = await services.db
        .insertInto('saved_searches')
        .values({
          owner_id: principal.user.id,
          name: body.name,
          description: body.description,
          public: body.public,
          query: JSON.stringify(body.query),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, ...body, owner: principal.user.username };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/saved-searches/{id}',
    tag,
    summary: 'Delete one of my saved searches',
    auth: 'user',
    params: idParamSchema,
    response: okSchema,
    async handler({ services, principal, params }) {
      const deleted = await services.db
        .deleteFrom('saved_searches')
        .where('id', '=', params.id)
        .where('owner_id', '=', principal.user.id)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('saved search');
      return { ok: true as const };
    },
  }),
];
