import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { okSchema } from '../../../../api/accounts.ts';
import { savedSearchSchema } from '../../../../api/search.ts';
import { api } from '../../api/api-client.ts';
import { LIBRARY_KEY } from '../browse/browse-queries.ts';

const SAVED_KEY = [...LIBRARY_KEY, 'saved-searches'] as const;
const savedListSchema = z.array(savedSearchSchema);

/** My saved searches and everyone's public ones. */
export function useSavedSearches() {
  return useQuery({
    queryKey: SAVED_KEY,
    queryFn: ({ signal }) => api.get('/saved-searches', savedListSchema, signal),
  });
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.post('/saved-searches', savedSearchSchema, body),
    onSuccess: () => client.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/saved-searches/${id}`, okSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: SAVED_KEY }),
  });
}
