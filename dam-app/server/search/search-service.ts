import type { z } from 'zod';
import { ASSET_MESSAGES, SELECTION_MAX_BLOCK } from '../../api/asset-messages.ts';
import type { calendarRequestSchema, SearchRequest, saveSearchSchema } from '../../api/search.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, conflict, forbidden, notFound } from '../api/api-error.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';
import { searchAssets, searchConditions } from './search-assets.ts';
import * as queries from './search-queries.ts';

/** A search; the Refinement Search panel's counts are what the facet browsing permission grants. */
export function search(services: DamServices, principal: Principal, request: SearchRequest) {
  const withFacets = request.withFacets && can(principal, 'facet browsing');
  return searchAssets(services, principal, { ...request, withFacets });
}

/**
 * Select all: every asset the folder view or the search shows (not only its loaded pages), resolved here by the
 * same filter, so the count is the whole result's. A result beyond a selection's maximum block is refused with the
 * spec's text rather than cut short silently.
 */
export async function selectAll(services: DamServices, principal: Principal, request: SearchRequest) {
  const where = await searchConditions(services, principal, request);
  const found = await queries.matchingAssetIds(services.db, where(), SELECTION_MAX_BLOCK);
  if (found.total > SELECTION_MAX_BLOCK)
    throw new ApiError(
      400,
      'selection_too_large',
      ASSET_MESSAGES.selectionTooLarge,
      `${found.total} assets; a selection holds at most ${SELECTION_MAX_BLOCK}.`,
    );
  return found;
}

export async function calendar(
  services: DamServices,
  principal: Principal,
  request: z.output<typeof calendarRequestSchema>,
) {
  const where = await searchConditions(services, principal, request.search);
  return { buckets: await queries.calendarBuckets(services.db, where(), request.field, request.unit) };
}

/** The taxonomy under the person's ACL root; needs view global keywords. */
export async function keywords(services: DamServices, principal: Principal) {
  if (!can(principal, 'view global keywords')) throw forbidden();
  return { keywords: await queries.keywordCounts(services.db, aclRoot(principal)) };
}

export async function savedSearches(services: DamServices, principal: Principal) {
  const rows = await queries.savedSearchesFor(services.db, principal.user.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.public,
    owner: row.username,
    query: row.query as SearchRequest,
  }));
}

export async function saveSearch(
  services: DamServices,
  principal: Principal,
  input: z.output<typeof saveSearchSchema>,
) {
  if (await queries.savedSearchNameTaken(services.db, principal.user.id, input.name))
    throw conflict('name_taken', 'A saved search with this name already exists.', 'name');
  const id = await queries.insertSavedSearch(services.db, {
    owner_id: principal.user.id,
    name: input.name,
    description: input.description,
    public: input.public,
    query: JSON.stringify(input.query),
  });
  return { id, ...input, owner: principal.user.username };
}

export async function deleteSavedSearch(services: DamServices, principal: Principal, id: number) {
  if (!(await queries.deleteOwnSavedSearch(services.db, principal.user.id, id)))
    throw notFound('saved search');
}
