import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { loadingDockZip, prepareDownload } from '../../../../api/contract/loading-dock-endpoints.ts';
import { type RequestView, requestKinds, requestStatuses } from '../../../../api/requests.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useFailureToast } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { saveFile } from '../../asset-widgets/save-file.ts';
import { Notice } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { RequestCard } from './request-card.tsx';
import { RequestFilters } from './request-filters.tsx';
import { listOf, useMyRequests } from './request-queries.ts';

export const screen = defineScreen('my-requests', {
  codec: path('/requests'),
  title: 'requests.mine',
  nav: { menu: 'user', label: 'requests.mine', order: 3.5 },
});
export const draw: Draw<'my-requests'> = () => <MyRequestsScreen />;

type Status = 'all' | RequestView['status'];
type Kind = 'all' | RequestView['kind'];

/**
 * My Requests: the requests to download and clearance requests I made, with each asset's decision; an approved
 * request to download offers its assets (Standard Download of the loading dock the approval filled) until its due date.
 */
export function MyRequestsScreen() {
  const { t } = usePreferences();
  const [status, setStatus] = useState<Status>('all');
  const [kind, setKind] = useState<Kind>('all');
  const requests = useMyRequests({ status, kind });
  return (
    <Stack gap="4">
      <ScreenHeader title={t('requests.mine')} intro={t('requests.mineIntro')} />
      <RequestFilters
        label={t('requests.filters')}
        status={status}
        statusLabel={t('requests.filterStatus')}
        statuses={['all', ...requestStatuses].map((value) => ({
          value,
          label: t(`requests.status.${value as Status}`),
        }))}
        onStatus={(value) => setStatus(value as Status)}
        kind={kind}
        kindLabel={t('requests.filterKind')}
        kinds={['all', ...requestKinds].map((value) => ({
          value,
          label: t(`requests.kind.${value as Kind}`),
        }))}
        onKind={(value) => setKind(value as Kind)}
      />
      <QueryStates
        query={listOf(requests)}
        empty={t('requests.empty')}
        emptyDescription={t('requests.emptyHint')}
      >
        {(list) => (
          <Stack gap="3" as="ul" listStyleType="none" aria-label={t('requests.listLabel')}>
            {list.map((request) => (
              <RequestCard key={request.id} request={request} notice={<Grant request={request} />} />
            ))}
          </Stack>
        )}
      </QueryStates>
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
