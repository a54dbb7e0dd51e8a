import { Button, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reopenRequest } from '../../../../api/contract/requests-endpoints.ts';
import type { RequestView } from '../../../../api/requests.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster, useFailureToast } from '../../app/toaster.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { RequestCard } from './request-card.tsx';
import { RequestList, useRequestFilter } from './request-list.tsx';
import { refreshRequests, useApprovals } from './request-queries.ts';

export const screen = defineScreen('approvals', { codec: path('/approvals'), title: 'approvals.title' });
export const draw: Draw<'approvals'> = () => <ApprovalsScreen />;

const STATUSES = ['pending', 'decided', 'all'] as const;
type Status = (typeof STATUSES)[number];

/**
 * Approvals Pending (Approval request: request ID, requestor name, received date): the requests waiting on
 * me as approver, oldest first; each one decided asset by asset, and a decided one moved back to pending.
 */
export function ApprovalsScreen() {
  const { t } = usePreferences();
  const client = useQueryClient();
  const fail = useFailureToast();
  const filter = useRequestFilter<Status>('pending');
  const [deciding, setDeciding] = useState<RequestView | null>(null);
  const approvals = useApprovals({ status: filter.status, kind: filter.kind });
  const reopen = useMutation({
    mutationFn: (id: number) => api.call(reopenRequest, { params: { id } }),
    onSuccess: (request) => {
      void refreshRequests(client);
      toaster.create({ type: 'success', title: t('approvals.reopened', { id: request.id }) });
    },
    onError: fail,
  });
  return (
    <Stack gap="4">
      <ScreenHeader title={t('approvals.title')} intro={t('approvals.intro')} />
      <RequestList
        filter={filter}
        statuses={STATUSES}
        statusLabel={(value) => t(`approvals.status.${value}`)}
        query={approvals}
        empty={t('approvals.empty')}
        emptyHint={t('approvals.emptyHint')}
        listLabel={t('approvals.listLabel')}
        card={(request) => (
          <RequestCard
            key={request.id}
            request={request}
            actions={
              request.mayDecide && (
                <>
                  <Button size="xs" colorPalette="teal" onClick={() => setDeciding(request)}>
                    {t('approvals.decide')}
                  </Button>
                  {request.status !== 'submitted' && (
                    <Button
                      size="xs"
                      variant="outline"
                      loading={reopen.isPending && reopen.variables === request.id}
                      onClick={() => reopen.mutate(request.id)}
                    >
                      {t('approvals.reopen')}
                    </Button>
                  )}
                </>
              )
            }
          />
        )}
      />
      {deciding && <DecisionDialog request={deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
