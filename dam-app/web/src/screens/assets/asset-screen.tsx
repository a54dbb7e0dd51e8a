import {
  Badge,
  Box,
  Button,
  Flex,
  Grid,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import type { AssetView } from '../../../../api/assets.ts';
import { restoreAsset } from '../../../../api/contract/assets-endpoints.ts';
import { PANEL_COMPONENTS } from '../../../../api/workspaces.ts';
import { api } from '../../api/api-client.ts';
import { ApiFailure } from '../../api/api-failure.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { ArchiveBadge, ArchiveNotice } from '../../asset-widgets/archive-badge.tsx';
import { lockState, mayChangeAssets, mayEditAsset } from '../../asset-widgets/asset-access.ts';
import { AssetPreview } from '../../asset-widgets/asset-preview.tsx';
import { PlayerTimeProvider } from '../../asset-widgets/video/player-time.tsx';
import { VideoReview } from '../../asset-widgets/video/video-review.tsx';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ASSET_TABS, type AssetTab, defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { useBrowseExtensions } from '../browse/browse-extensions.tsx';
import { FollowButton } from '../notifications/follow-button.tsx';
import { useWorkspaceShows } from '../shell/use-workspace.ts';
import { AssetActions } from './asset-actions.tsx';
import { AssetClearances } from './asset-clearances.tsx';
import { AssetExtendedTab } from './asset-extended-tab.tsx';
import { AssetFields } from './asset-fields.tsx';
import { AssetFormPanel } from './asset-form-panel.tsx';
import { ASSET_KEYS, refreshAssets, useAsset, useTrash } from './asset-queries.ts';
import { AssetVersionsTab } from './asset-versions-tab.tsx';
import { type CommentAt, DiscussionTab } from './discussion-tab.tsx';
import { MetadataForm } from './metadata-form.tsx';

export const screen = defineScreen('asset', {
  // `comment` (on `version`) opens the Discussion tab at that comment: a Mention's or a Discussion's link.
  codec: path<{ id: number; tab?: AssetTab; version?: number; comment?: number }>('/asset/:id', {
    query: { tab: ASSET_TABS, version: 'id', comment: 'id' },
  }),
});
export const draw: Draw<'asset'> = (route, { session }) => (
  <AssetScreen
    key={route.id}
    session={session}
    id={route.id}
    tab={route.tab}
    at={route.comment === undefined ? undefined : { comment: route.comment, version: route.version }}
  />
);

/** The Asset View (R-SCREEN-LABELS): General tab, extended view and versions, with the asset's actions. */
export function AssetScreen({
  session,
  id,
  tab = 'general',
  at,
}: {
  session: SessionView;
  id: number;
  tab?: AssetTab;
  /** The comment the Discussion tab opens at. */
  at?: CommentAt | undefined;
}) {
  const { t } = usePreferences();
  const asset = useAsset(id);
  const [trashed, setTrashed] = useState(false);
  if (trashed || (asset.error instanceof ApiFailure && asset.error.status === 404))
    return <TrashedAsset id={id} justDeleted={trashed} onRestored={() => setTrashed(false)} />;
  if (asset.isPending)
    return (
      <Stack gap="4" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton height="10" width="50%" />
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
          <Skeleton height="72" />
          <Skeleton height="72" />
        </Grid>
      </Stack>
    );
  if (asset.isError) return <ErrorAlert error={asset.error} />;
  return (
    <AssetPage asset={asset.data} session={session} tab={tab} at={at} onTrashed={() => setTrashed(true)} />
  );
}

function AssetPage({
  asset,
  session,
  tab: asked,
  at,
  onTrashed,
}: {
  asset: AssetView;
  session: SessionView;
  tab: AssetTab;
  at: CommentAt | undefined;
  onTrashed(): void;
}) {
  const { t, language } = usePreferences();
  const extensions = useBrowseExtensions();
  const lock = lockState(asset, session);
  // R-WORKSPACE-COMPONENTS: the panels the workspace shows; a hidden one's address opens General.
  const shows = useWorkspaceShows();
  const tab = asked === 'general' || shows(PANEL_COMPONENTS[asked]) ? asked : 'general';
  return (
    <Stack gap="5">
      <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Box minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Heading as="h1" size="xl" wordBreak="break-word">
              {asset.name}
            </Heading>
            <ArchiveBadge state={asset.archiveState} />
            {extensions.assetBadge(asset)}
            {asset.checkedOutBy && (
              <Badge colorPalette={lock === 'mine' ? 'teal' : 'orange'} data-lock-badge="">
                {t('assets.checkedOutBadge', { user: asset.checkedOutBy.username })}
              </Badge>
            )}
          </HStack>
          <Text color="fg.muted" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {asset.fileName} · {t('assets.field.id')} {asset.id}
          </Text>
        </Box>
        <HStack marginStart={{ md: 'auto' }} gap="2" wrap="wrap">
          <FollowButton target="asset" id={asset.id} />
          <AssetActions asset={asset} session={session} onTrashed={onTrashed} />
        </HStack>
      </Flex>
      {lock === 'other' && asset.checkedOutBy && (
        <Notice status="warning">
          {t('assets.lockedByOther', {
            user: asset.checkedOutBy.username,
            date: asset.checkedOutAt ? formatDate(asset.checkedOutAt, language) : '',
          })}
        </Notice>
      )}
      {lock === 'mine' && <Notice>{t('assets.lockedByMe')}</Notice>}
      <ArchiveNotice asset={asset} mayRestore={mayChangeAssets(session)} />
      <Tabs.Root
        value={tab}
        onValueChange={(details) =>
          navigate({ name: 'asset', id: asset.id, tab: details.value as AssetTab }, { replace: true })
        }
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          <Tabs.Trigger value="general">{t('assets.tab.general')}</Tabs.Trigger>
          {shows(PANEL_COMPONENTS.extended) && (
            <Tabs.Trigger value="extended">{t('assets.tab.extended')}</Tabs.Trigger>
          )}
          {shows(PANEL_COMPONENTS.versions) && (
            <Tabs.Trigger value="versions">
              {t('assets.tab.versions', { count: asset.versions })}
            </Tabs.Trigger>
          )}
          {shows(PANEL_COMPONENTS.discussion) && (
            <Tabs.Trigger value="discussion">{t('assets.tab.discussion')}</Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="general">
          <PlayerTimeProvider>
            <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="6">
              <Stack gap="4">
                {isReviewableVideo(asset) ? (
                  <VideoReview asset={asset} session={session} />
                ) : (
                  <AssetPreview asset={asset} />
                )}
                <AssetFields asset={asset} />
                <AssetClearances assetId={asset.id} />
              </Stack>
              <Box>
                <Heading as="h2" size="md" mb="3">
                  {t('assets.editMetadata')}
                </Heading>
                <MetadataForm
                  key={`${asset.id}-${asset.name}-${asset.description}-${asset.keywords.join()}`}
                  asset={asset}
                  editable={mayEditAsset(asset, session)}
                />
                <AssetFormPanel assetId={asset.id} editable={mayEditAsset(asset, session)} />
              </Box>
            </Grid>
          </PlayerTimeProvider>
        </Tabs.Content>
        <Tabs.Content value="extended">
          <AssetExtendedTab asset={asset} />
        </Tabs.Content>
        <Tabs.Content value="versions">
          <AssetVersionsTab asset={asset} session={session} />
        </Tabs.Content>
        <Tabs.Content value="discussion">
          <DiscussionTab asset={asset} at={at} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** A video with its web preview made: the review view (timeline, cue points, clips) instead of the plain preview. */
const isReviewableVideo = (asset: AssetView) =>
  asset.kind === 'video' &&
  asset.renditionState === 'done' &&
  asset.renditions.some((each) => each.name === 'web-preview');

/** An asset that is in the trash (or not there at all): restore it from here when the trash holds it. */
function TrashedAsset({
  id,
  justDeleted,
  onRestored,
}: {
  id: number;
  justDeleted: boolean;
  onRestored(): void;
}) {
  const { t, spec } = usePreferences();
  const client = useQueryClient();
  const trash = useTrash();
  const inTrash = trash.data?.items.find((each) => each.id === id);
  const restore = useMutation({
    mutationFn: () => api.call(restoreAsset, { params: { id } }),
    onSuccess: (restored) => {
      client.setQueryData(ASSET_KEYS.asset(id), restored);
      refreshAssets(client, [id]);
      toaster.create({ type: 'success', title: t('trash.restored', { name: restored.fileName }) });
      onRestored();
    },
  });
  if (trash.isPending) return <Skeleton height="20" aria-busy="true" aria-label={t('app.loading')} />;
  if (!inTrash) return <ErrorAlert error={spec('notFound')} />;
  return (
    <Stack gap="4" align="flex-start">
      <Heading as="h1" size="xl">
        {inTrash.name}
      </Heading>
      <Notice status={justDeleted ? 'success' : 'info'}>
        {t('trash.inTrash', { name: inTrash.fileName })}
      </Notice>
      <ErrorAlert error={restore.error ?? undefined} />
      <Button colorPalette="teal" loading={restore.isPending} onClick={() => restore.mutate()}>
        {t('trash.restore')}
      </Button>
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
