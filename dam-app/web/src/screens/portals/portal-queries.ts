import { useQuery } from '@tanstack/react-query';
import { listPortals } from '../../../../api/contract/portals-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const PORTAL_KEYS = { list: ['portals'] as const };

export const usePortals = () =>
  useQuery({ queryKey: PORTAL_KEYS.list, queryFn: ({ signal }) => api.call(listPortals, { signal }) });
