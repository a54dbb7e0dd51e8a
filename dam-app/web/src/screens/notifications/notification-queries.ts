import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listNotifications,
  notificationSettings,
  readAllNotifications,
  readNotification,
  saveNotificationSettings,
  subscribe,
  subscription,
  unreadNotifications,
  unsubscribe,
} from '../../../../api/contract/notifications-endpoints.ts';
import type { NotificationSettings, SubscriptionTarget } from '../../../../api/notifications.ts';
import { api } from '../../api/api-client.ts';
import { NOTIFICATION_KEY, UNREAD_KEY } from '../../api/query-keys.ts';

export const PAGE_SIZE = 50;
const SETTINGS_KEY = ['notification-settings'] as const;
const followKey = (target: SubscriptionTarget, id: number) => ['subscription', target, id] as const;

/** The bell's count; refreshed by the live channel, and every minute should the channel be down. */
export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => api.call(unreadNotifications, { signal }),
    refetchInterval: 60_000,
  });
}

/** The center's pages, newest first, fetched one `before` at a time. */
export function useNotificationPages(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...NOTIFICATION_KEY, 'pages', unreadOnly],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(listNotifications, {
        query: {
          limit: PAGE_SIZE,
          ...(pageParam === undefined ? {} : { before: pageParam }),
          ...(unreadOnly ? { unread: 'true' as const } : {}),
        },
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      id === 'all' ? api.call(readAllNotifications, {}) : api.call(readNotification, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATION_KEY }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.call(notificationSettings, { signal }),
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => api.call(saveNotificationSettings, { body }),
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
}

/** Do I follow this folder, collection or asset; and the switch. */
export function useFollow(target: SubscriptionTarget, id: number) {
  const client = useQueryClient();
  const key = followKey(target, id);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(subscription, { params: { target, id }, signal }),
  });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => api.call(follow ? subscribe : unsubscribe, { params: { target, id } }),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  return { state, toggle };
}
