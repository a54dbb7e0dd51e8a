import { Alert, Badge, Button, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArchiveState } from '../../../api/archive.ts';
import type { AssetView } from '../../../api/assets.ts';
import { restoreSelection } from '../../../api/contract/archive-endpoints.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import type { MessageKey } from '../i18n/messages-en.ts';
import { refreshAssets } from '../screens/assets/asset-queries.ts';

const BADGES: Record<ArchiveState, MessageKey> = {
  scheduled: 'archiveSelection.badge.scheduled',
  archived: 'archiveSelection.badge.archived',
  restoring: 'archiveSelection.badge.restoring',
};
/** R-ARCHIVE's state names, as Archive status shows them. */
const STATES: Record<ArchiveState, MessageKey> = {
  scheduled: 'archive.scheduled',
  archived: 'archive.retention',
  restoring: 'archive.restoring',
};
const EXPLAINED: Record<ArchiveState, MessageKey> = {
  scheduled: 'archiveSelection.notice.scheduled',
  archived: 'archiveSelection.notice.archived',
  restoring: 'archiveSelection.notice.restoring',
};

/** R-ARCHIVE-SELECTION: the "archived" badge of an asset in the archive's lists (tiles, list rows, the asset page). */
export function ArchiveBadge({ state }: { state: ArchiveState | null | undefined }) {
  const { t } = usePreferences();
  if (!state) return null;
  return (
    <Badge colorPalette={state === 'archived' ? 'purple' : 'gray'} data-archive-badge={state} flexShrink={0}>
      {t(BADGES[state])}
    </Badge>
  );
}

/**
 * The asset page's archive notice: the R-ARCHIVE state by name, what it means, and Restore for an archive proxy when the
 * person may change assets (the server checks it again).
 */
export function ArchiveNotice({ asset, mayRestore }: { asset: AssetView; mayRestore: boolean }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const restore = useMutation({
    mutationFn: () => api.call(restoreSelection, { body: { assetIds: [asset.id] } }),
    onSuccess: ({ count }) => {
      toaster.create({ type: 'success', title: t('archiveSelection.restoring', { count }) });
      refreshAssets(client, [asset.id]);
    },
  });
  const state = asset.archiveState;
  if (!state) return null;
  return (
    <Stack gap="2">
      <Alert.Root status="info" role="status" data-archive-state={state}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('archiveSelection.notice.title', { state: t(STATES[state]) })}</Alert.Title>
          <Alert.Description>{t(EXPLAINED[state])}</Alert.Description>
        </Alert.Content>
        {state === 'archived' && mayRestore && (
          <Button
            size="sm"
            variant="outline"
            alignSelf="center"
            loading={restore.isPending}
            onClick={() => restore.mutate()}
          >
            {t('archive.restore')}
          </Button>
        )}
      </Alert.Root>
      <ErrorAlert error={restore.error ?? undefined} />
    </Stack>
  );
}
