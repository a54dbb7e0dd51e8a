import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listApprovals, listMyRequests, requestCounts } from '../../../../api/contract/requests-endpoints.ts';
import type { approvalsQuerySchema, myRequestsQuerySchema } from '../../../../api/requests.ts';
import { api } from '../../api/api-client.ts';

export const REQUEST_KEYS = {
  all: ['requests'] as const,
  mine: (filter: object) => ['requests', 'mine', filter] as const,
  approvals: (filter: object) => ['requests', 'approvals', filter] as const,
  counts: ['requests', 'counts'] as const,
};

/** How often the shell's counts are fetched again (until notifications push them). */
export const COUNTS_POLL_MS = 30_000;

export const useMyRequests = (filter: z.input<typeof myRequestsQuerySchema>) =>
  useQuery({
    queryKey: REQUEST_KEYS.mine(filter),
    queryFn: ({ signal }) => api.call(listMyRequests, { query: filter, signal }),
  });
export const useApprovals = (filter: z.input<typeof approvalsQuerySchema>) =>
  useQuery({
    queryKey: REQUEST_KEYS.approvals(filter),
    queryFn: ({ signal }) => api.call(listApprovals, { query: filter, signal }),
  });
export const useRequestCounts = () =>
  useQuery({
    queryKey: REQUEST_KEYS.counts,
    queryFn: ({ signal }) => api.call(requestCounts, { signal }),
    refetchInterval: COUNTS_POLL_MS,
  });

/** After a request is made or decided, every list and count of requests is fetched again. */
export const refreshRequests = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: REQUEST_KEYS.all });

/** A query answering `{ items }` as the list states read it. */
export const listOf = <T>(query: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: { items: T[] } | undefined;
}) => ({ isPending: query.isPending, isError: query.isError, error: query.error, data: query.data?.items });
