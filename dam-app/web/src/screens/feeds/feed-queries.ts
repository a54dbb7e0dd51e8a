import { useQuery } from '@tanstack/react-query';
import { listFeeds } from '../../../../api/contract/feeds-endpoints.ts';
import type { FeedView } from '../../../../api/feeds.ts';
import { api } from '../../api/api-client.ts';

export type Feed = FeedView;
export const FEED_KEYS = { list: ['feeds'] as const };

export const useFeeds = () =>
  useQuery({ queryKey: FEED_KEYS.list, queryFn: ({ signal }) => api.call(listFeeds, { signal }) });
