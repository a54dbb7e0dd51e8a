import { Box, Button, Code, Flex, Stack, Table } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listAuditLog } from '../../../../api/contract/admin-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
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
      {audit.isPending && <ListSkeleton rows={8} />}
      {audit.isError && <ErrorAlert error={audit.error} />}
      {audit.isSuccess && entries.length === 0 && <Empty title={t('admin.auditEmpty')} />}
      {entries.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" striped>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin.when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.who')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.event')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.target')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.ip')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((entry) => (
                <Table.Row key={entry.id}>
                  <Table.Cell whiteSpace="nowrap">{formatDate(entry.at, language)}</Table.Cell>
                  <Table.Cell>{entry.actor ?? '—'}</Table.Cell>
                  <Table.Cell>
                    <Code>{entry.event}</Code>
                  </Table.Cell>
                  <Table.Cell>{entry.target}</Table.Cell>
                  <Table.Cell>{entry.ip}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
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
