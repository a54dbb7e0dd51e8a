import { Box, Button, Code, Flex, Stack } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listAuditLog } from '../../../../api/contract/admin-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';

import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { DataTable } from '../../kit/data-table.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { ADMIN_KEYS } from './admin-queries.ts';

const PAGE = 50;

/** The audit log, newest first, a page at a time, filterable by event. */
export function AuditSection() {
  const { t, language } = usePreferences();
  const [event, setEvent] = useState('');
  const filter = event.trim();
  const audit = useInfiniteQuery({
    queryKey: [...ADMIN_KEYS.audit, filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => {
      return api.call(listAuditLog, {
        query: { limit: PAGE, before: pageParam || undefined, event: filter || undefined },
        signal,
      });
    },
    getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
  });
  const entries = audit.data?.pages.flat() ?? [];
  return (
    <Stack gap="4">
      <Box maxWidth="sm">
        <FormField
          label={t('admin.filterEvent')}
          value={event}
          onValue={setEvent}
          placeholder="login, user_created…"
        />
      </Box>
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
