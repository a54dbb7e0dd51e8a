import { Button, Code, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { exportAuditLog, listAuditLog } from '../../../../api/contract/admin-endpoints.ts';
import { auditFilterSchema } from '../../../../api/statistics.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';

import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { DataTable } from '../../kit/data-table.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { ADMIN_KEYS } from './admin-queries.ts';

const PAGE = 50;

/** The audit log (R-LOG-REPORTS), newest first, a page at a time, filtered by event, person and days, and exported as CSV. */
export function AuditSection() {
  const { t, language } = usePreferences();
  const [event, setEvent] = useState('');
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter = {
    event: event.trim() || undefined,
    user: user.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const checked = auditFilterSchema.safeParse(filter);
  const periodError = checked.success ? undefined : t('admin.periodBackwards');
  const audit = useInfiniteQuery({
    queryKey: [...ADMIN_KEYS.audit, filter],
    initialPageParam: undefined as number | undefined,
    enabled: checked.success,
    queryFn: ({ pageParam, signal }) => {
      return api.call(listAuditLog, {
        query: { limit: PAGE, before: pageParam || undefined, ...filter },
        signal,
      });
    },
    getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
  });
  const entries = audit.data?.pages.flat() ?? [];
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3" alignItems="start">
        <FormField
          label={t('admin.filterEvent')}
          value={event}
          onValue={setEvent}
          placeholder="login, download…"
        />
        <FormField label={t('admin.filterUser')} value={user} onValue={setUser} autoComplete="off" />
        <FormField label={t('admin.filterFrom')} type="date" value={from} onValue={setFrom} />
        <FormField label={t('admin.filterTo')} type="date" value={to} onValue={setTo} error={periodError} />
      </SimpleGrid>
      <Flex>
        {checked.success ? (
          <Button asChild variant="outline" size="sm">
            <a href={api.url(exportAuditLog, { query: filter })} download>
              {t('admin.exportCsv')}
            </a>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            {t('admin.exportCsv')}
          </Button>
        )}
      </Flex>
      <QueryStates
        query={{
          isPending: audit.isPending,
          isError: audit.isError,
          error: audit.error,
          data: audit.data ? entries : undefined,
        }}
        empty={t('admin.auditEmpty')}
        rows={8}
      >
        {(rows) => (
          <DataTable
            striped
            rows={rows}
            rowKey={(entry) => entry.id}
            columns={[
              {
                header: t('admin.when'),
                cell: (entry) => formatDate(entry.at, language),
                props: { whiteSpace: 'nowrap' },
              },
              { header: t('admin.who'), cell: (entry) => entry.actor ?? '—' },
              { header: t('admin.event'), cell: (entry) => <Code>{entry.event}</Code> },
              { header: t('admin.target'), cell: (entry) => entry.target },
              { header: t('admin.ip'), cell: (entry) => entry.ip },
            ]}
          />
        )}
      </QueryStates>
      {audit.hasNextPage && (
        <Flex>
          <Button
            variant="outline"
            onClick={() => void audit.fetchNextPage()}
            loading={audit.isFetchingNextPage}
          >
            {t('admin.olderEntries')}
          </Button>
        </Flex>
      )}
    </Stack>
  );
}
