import { Badge, Box } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { LineIcon } from '../../components/line-icon.tsx';
import { Link } from '../../components/link.tsx';
import { useUnreadCount } from './notification-queries.ts';

/** The shell's bell: my unread notifications, kept live by the push channel; it opens the Notification center. */
export function NotificationBell() {
  const { t } = usePreferences();
  const unread = useUnreadCount().data?.unread ?? 0;
  const label = unread ? t('notifications.bellUnread', { count: String(unread) }) : t('notifications.title');
  return (
    <Link
      to={{ name: 'notifications' }}
      color="dam.headerFg"
      aria-label={label}
      title={label}
      position="relative"
      display="inline-flex"
      data-notification-bell=""
    >
      <LineIcon size={18} weight={2}>
        <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" strokeLinejoin="round" />
        <path d="M10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" />
      </LineIcon>
      {unread > 0 && (
        <Box position="absolute" top="-1" insetEnd="-2">
          <Badge colorPalette="red" variant="solid" size="xs" rounded="full" data-unread-count={unread}>
            {unread > 99 ? '99+' : unread}
          </Badge>
        </Box>
      )}
    </Link>
  );
}
