import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { loadingDockZip, prepareDownload } from '../../../../api/contract/loading-dock-endpoints.ts';
import { type RequestView, requestStatuses } from '../../../../api/requests.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useFailureToast } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { saveFile } from '../../asset-widgets/save-file.ts';
import { Notice } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { RequestCard } from './request-card.tsx';
import { RequestList, useRequestFilter } from './request-list.tsx';
import { useMyRequests } from './request-queries.ts';

export const screen = defineScreen('my-requests', {
  codec: path('/requests'),
  title: 'requests.mine',
  nav: { menu: 'user', label: 'requests.mine', order: 3.5 },
});
export const draw: Draw<'my-requests'> = () => <MyRequestsScreen />;

type Status = 'all' | RequestView['status'];
const STATUSES: readonly Status[] = ['all', ...requestStatuses];

/**
 * My Requests: the requests to download and clearance requests I made, with each asset's decision; an approved
 * request to download offers its assets (Standard Download of the loading dock the approval filled) until its due date.
 */
export function MyRequestsScreen() {
  const { t } = usePreferences();
  const filter = useRequestFilter<Status>('all');
  const requests = useMyRequests({ status: filter.status, kind: filter.kind });
  return (
    <Stack gap="4">
      <ScreenHeader title={t('requests.mine')} intro={t('requests.mineIntro')} />
      <RequestList
        filter={filter}
        statuses={STATUSES}
        statusLabel={(value) => t(`requests.status.${value}`)}
        query={requests}
        empty={t('requests.empty')}
        emptyHint={t('requests.emptyHint')}
        listLabel={t('requests.listLabel')}
        card={(request) => (
          <RequestCard key={request.id} request={request} notice={<Grant request={request} />} />
        )}
      />
    </Stack>
  );
}

/** What an approved request to download gives: its assets until the due date, or word that the period ended. */
function Grant({ request }: { request: RequestView }) {
  const { t, language } = usePreferences();
  const fail = useFailureToast();
  const prepare = useMutation({
    mutationFn: (ids: number[]) => api.call(prepareDownload, { body: { ids } }),
    onSuccess: () => navigate({ name: 'loading-dock' }),
    onError: fail,
  });
  if (request.kind !== 'download' || request.status !== 'download approved' || !request.dueAt) return null;
  if (!request.granted) return <Notice status="warning">{t('requests.expired')}</Notice>;
  const notificationId = request.dockNotificationId;
  const approved = request.items.filter((item) => item.decision === 'approved').map((item) => item.assetId);
  return (
    <HStack gap="3" wrap="wrap">
      <Notice status="success">{t('requests.granted', { date: formatDate(request.dueAt, language) })}</Notice>
      {notificationId && (
        <Button
          size="xs"
          colorPalette="teal"
          data-standard-download=""
          onClick={() => saveFile(api.url(loadingDockZip, { params: { notificationId } }))}
        >
          {t('requests.download')}
        </Button>
      )}
      {/* The approval's dock was cleaned (done, or its 24 h passed): the grant still stands, so a new one is prepared. */}
      {!notificationId && (
        <Button
          size="xs"
          colorPalette="teal"
          loading={prepare.isPending}
          onClick={() => prepare.mutate(approved)}
        >
          {t('requests.prepareAgain')}
        </Button>
      )}
    </HStack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
