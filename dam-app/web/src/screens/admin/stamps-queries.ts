import { useQuery } from '@tanstack/react-query';
import { listStamps } from '../../../../api/contract/stamps-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const STAMP_KEYS = { stamps: ['stamps'] } as const;

export const useStamps = () =>
  useQuery({ queryKey: STAMP_KEYS.stamps, queryFn: ({ signal }) => api.call(listStamps, { signal }) });
