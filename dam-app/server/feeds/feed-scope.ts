import type { RawBuilder } from 'kysely';
import type { FeedSource } from '../../api/feeds.ts';
import { MESSAGES } from '../../api/messages.ts';
import { type SearchRequest, searchRequestSchema } from '../../api/search.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError } from '../api/api-error.ts';
import { searchConditions } from '../search/search-assets.ts';
import type { DamServices } from '../services.ts';
import { visibleCollection } from '../working-sets/collection-service.ts';
import { scopeIds, usableSavedSearch } from './feed-queries.ts';

export const sourceNotFound = () =>
  new ApiError(
    404,
    'source_not_found',
    MESSAGES.notFound,
    'No folder, collection or saved search you may see.',
  );

/**
 * The assets a feed's source holds that `principal` may see now, as a `select id from assets …` subquery: the search
 * module's own conditions (ACL root, live assets, the folder or the saved search's refinements), so a feed never
 * shows what the same person could not find by searching. A source they can no longer see answers `source_not_found`.
 */
export async function sourceScope(
  services: DamServices,
  principal: Principal,
  source: { kind: FeedSource; id: number },
): Promise<RawBuilder<unknown>> {
  let request: SearchRequest;
  let collectionId: number | undefined;
  if (source.kind === 'folder') request = searchRequestSchema.parse({ folderId: source.id });
  else if (source.kind === 'collection') {
    await visibleCollection(services, principal, source.id).catch(() => {
      throw sourceNotFound();
    });
    request = searchRequestSchema.parse({});
    collectionId = source.id;
  } else {
    const saved = await usableSavedSearch(services.db, principal.user.id, source.id);
    const parsed = saved && searchRequestSchema.safeParse(saved.query);
    if (!parsed?.success) throw sourceNotFound();
    request = parsed.data;
  }
  const where = await searchConditions(services, principal, request).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw sourceNotFound();
    throw error;
  });
  return scopeIds(where(), collectionId);
}
