import { Flex, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { type RequestView, requestKinds } from '../../../../api/requests.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { listOf } from './request-queries.ts';

export type RequestKindFilter = 'all' | RequestView['kind'];

/** The status and type a list of requests is filtered by; the screen's query reads them. */
export function useRequestFilter<S extends string>(initial: S) {
  const [status, setStatus] = useState<S>(initial);
  const [kind, setKind] = useState<RequestKindFilter>('all');
  return { status, kind, setStatus, setKind };
}
export type RequestFilter<S extends string> = ReturnType<typeof useRequestFilter<S>>;

/**
 * A list of requests (My Requests, Approvals Pending): the status and type filters above it, its loading, empty and
 * error states, and one card per request, which the screen draws with its own actions.
 */
export function RequestList<S extends string>(props: {
  filter: RequestFilter<S>;
  statuses: readonly S[];
  statusLabel(status: S): string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: { items: RequestView[] } | undefined };
  empty: string;
  emptyHint: string;
  listLabel: string;
  card(request: RequestView): ReactNode;
}) {
  const { t } = usePreferences();
  const { filter } = props;
  return (
    <>
      <Flex as="search" aria-label={t('requests.filters')} gap="3" wrap="wrap" align="flex-end">
        <SelectField
          label={t('requests.filterStatus')}
          name="status"
          value={filter.status}
          onValue={(value) => filter.setStatus(value as S)}
          choices={props.statuses.map((value) => ({ value, label: props.statusLabel(value) }))}
          fieldProps={{ width: 'auto', minWidth: '48' }}
        />
        <SelectField
          label={t('requests.filterKind')}
          name="kind"
          value={filter.kind}
          onValue={(value) => filter.setKind(value as RequestKindFilter)}
          choices={(['all', ...requestKinds] as const).map((value) => ({
            value,
            label: t(`requests.kind.${value}`),
          }))}
          fieldProps={{ width: 'auto', minWidth: '48' }}
        />
      </Flex>
      <QueryStates query={listOf(props.query)} empty={props.empty} emptyDescription={props.emptyHint}>
        {(list) => (
          <Stack gap="3" as="ul" listStyleType="none" aria-label={props.listLabel}>
            {list.map((request) => props.card(request))}
          </Stack>
        )}
      </QueryStates>
    </>
  );
}
