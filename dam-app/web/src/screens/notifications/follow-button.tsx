import { Button } from '@chakra-ui/react';
import type { SubscriptionTarget } from '../../../../api/notifications.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useFailureToast } from '../../app/toaster.tsx';
import { useFollow } from './notification-queries.ts';

/** Follow (subscribe to) a folder, a collection or an asset: its events come to my notifications. */
export function FollowButton({ target, id }: { target: SubscriptionTarget; id: number }) {
  const { t } = usePreferences();
  const { state, toggle } = useFollow(target, id);
  const failed = useFailureToast();
  const following = state.data?.subscribed ?? false;
  if (state.isError) return null;
  return (
    <Button
      size="sm"
      variant={following ? 'solid' : 'outline'}
      colorPalette="teal"
      aria-pressed={following}
      loading={state.isPending || toggle.isPending}
      data-follow={target}
      onClick={() => toggle.mutate(!following, { onError: failed })}
    >
      {following ? t('notifications.following') : t('notifications.follow')}
    </Button>
  );
}
