import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { folderTree } from '../../../../api/contract/folders-endpoints.ts';
import { search, searchCalendar, selectAll } from '../../../../api/contract/search-endpoints.ts';
import type { searchRequestSchema } from '../../../../api/search.ts';
import { api } from '../../api/api-client.ts';
import { LIBRARY_KEY, TREE_KEY } from '../../api/query-keys.ts';

export { LIBRARY_KEY, TREE_KEY } from '../../api/query-keys.ts';

/**
 * The whole places tree in one call. The server already answers it with one indexed query, folders are few next
 * to assets (a thousand folders is ~100 KB of JSON), and having every folder lets Move/Copy list destinations and
 * the tree open at the current folder without a request per level. Children are rendered only when expanded.
 */
export function usePlacesTree(enabled = true) {
  return useQuery({
    queryKey: TREE_KEY,
    queryFn: ({ signal }) => api.call(folderTree, { signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** A search as the screens write it (defaults such as `limit` filled in by the schema on the server). */
export type SearchQuery = z.input<typeof searchRequestSchema>;

/** A page of 200 keeps the first paint quick and 10,000 assets within 50 requests of scrolling. */
export const PAGE_SIZE = 200;

/** A search (folder views use `folderId` + `folderOnly`) a page at a time, by keyset cursor. */
export function useSearchPages(request: SearchQuery | null) {
  return useInfiniteQuery({
    queryKey: [...LIBRARY_KEY, 'search', request],
    enabled: request !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.call(search, {
        body: {
          ...request,
          limit: PAGE_SIZE,
          after: pageParam,
          // Totals and facets come with the first page; later pages only need rows.
          withTotal: pageParam === undefined,
          withFacets: pageParam === undefined && (request?.withFacets ?? false),
        },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 15_000,
    // Pages are never edited in place; comparing 10,000 loaded assets with their last copy on every page is waste.
    structuralSharing: false,
  });
}

export function useCalendar(
  request: SearchQuery,
  field: 'dateCreated' | 'dateAdded',
  unit: 'day' | 'week' | 'month',
) {
  return useQuery({
    queryKey: [...LIBRARY_KEY, 'calendar', request, field, unit],
    queryFn: () =>
      api.call(searchCalendar, {
        body: { search: { ...request, withFacets: false, withTotal: false }, field, unit },
      }),
  });
}

/** After a folder changes, the tree and every list may be out of date. */
export function useRefreshLibrary() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: LIBRARY_KEY }), [client]);
}

/** Select all: every asset of the folder view or search, resolved by the server (not only the loaded pages). */
export const selectAllOf = (request: SearchQuery) => api.call(selectAll, { body: request });
