import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  deleteSavedSearch,
  listSavedSearches,
  saveSearch,
} from '../../../../api/contract/search-endpoints.ts';
import type { saveSearchSchema } from '../../../../api/search.ts';
import { api } from '../../api/api-client.ts';
import { LIBRARY_KEY } from '../browse/browse-queries.ts';

const SAVED_KEY = [...LIBRARY_KEY, 'saved-searches'] as const;

/** My saved searches and everyone's public ones. */
export function useSavedSearches() {
  return useQuery({
    queryKey: SAVED_KEY,
    queryFn: ({ signal }) => api.call(listSavedSearches, { signal }),
  });
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof saveSearchSchema>) => api.call(saveSearch, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(deleteSavedSearch, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}
