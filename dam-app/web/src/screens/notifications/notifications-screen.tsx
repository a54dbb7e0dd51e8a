import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Notification } from '../../../../api/notifications.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useFailureToast } from '../../app/toaster.tsx';
import { formatDate } from '../../components/format-date.ts';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { DataTable } from '../../kit/data-table.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { targetRoute } from './notification-link.ts';
import { useMarkRead, useNotificationPages } from './notification-queries.ts';

export const screen = defineScreen('notifications', { codec: path('/notifications') });
export const draw: Draw<'notifications'> = () => <NotificationsScreen />;

/** The Notification center (R-SCREEN-LABELS): my notifications, newest first, a page at a time; mark read, follow a link. */
export function NotificationsScreen() {
  const { t, language } = usePreferences();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const pages = useNotificationPages(unreadOnly);
  const markRead = useMarkRead();
  const failed = useFailureToast();
  const items = pages.data?.pages.flatMap((page) => page.items);
  const unread = pages.data?.pages[0]?.unread ?? 0;
  const read = (id: number | 'all') => markRead.mutate(id, { onError: failed });
  return (
    <Stack gap="4">
      <ScreenHeader
        title={t('notifications.title')}
        intro={t('notifications.intro')}
        actions={
          <HStack gap="2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => setUnreadOnly(!unreadOnly)}
              aria-pressed={unreadOnly}
            >
              {t('notifications.unreadOnly')}
            </Button>
            <Button size="sm" colorPalette="teal" disabled={unread === 0} onClick={() => read('all')}>
              {t('notifications.readAll')}
            </Button>
          </HStack>
        }
      />
      <Text fontSize="sm" color="fg.muted" data-center-unread={unread}>
        {t('notifications.unreadCount', { count: String(unread) })}
      </Text>
      <QueryStates
        query={{ ...pages, data: items }}
        empty={unreadOnly ? t('notifications.noneUnread') : t('notifications.none')}
        emptyDescription={t('notifications.noneBody')}
      >
        {(rows) => (
          <DataTable<Notification>
            rows={rows}
            label={t('notifications.title')}
            rowKey={(each) => each.id}
            rowProps={(each) => ({ 'data-notification': each.type, 'data-read': each.read }) as object}
            columns={[
              {
                header: t('notifications.type'),
                cell: (each) => (
                  <Badge colorPalette={each.read ? 'gray' : 'teal'}>
                    {t(`notifications.type.${each.type}`)}
                  </Badge>
                ),
              },
              {
                header: t('notifications.subject'),
                props: { fontWeight: 'medium' },
                cell: (each) => {
                  const to = targetRoute(each.target);
                  return (
                    <Flex gap="2" align="center">
                      {!each.read && (
                        <Text as="span" srOnly>
                          {t('notifications.unread')}
                        </Text>
                      )}
                      {to ? (
                        <Link to={to} onClick={() => !each.read && read(each.id)}>
                          {each.subject}
                        </Link>
                      ) : (
                        each.subject
                      )}
                    </Flex>
                  );
                },
              },
              { header: t('notifications.by'), cell: (each) => each.actor ?? t('notifications.system') },
              { header: t('notifications.when'), cell: (each) => formatDate(each.createdAt, language) },
            ]}
            actions={(each) =>
              each.read ? null : (
                <Button size="xs" variant="outline" onClick={() => read(each.id)}>
                  {t('notifications.markRead')}
                  <Text as="span" srOnly>
                    {each.subject}
                  </Text>
                </Button>
              )
            }
          />
        )}
      </QueryStates>
      {pages.hasNextPage && (
        <Button
          alignSelf="center"
          variant="outline"
          loading={pages.isFetchingNextPage}
          onClick={() => pages.fetchNextPage()}
        >
          {t('notifications.more')}
        </Button>
      )}
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
