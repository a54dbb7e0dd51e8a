import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ARCHIVE_STATES, type ArchiveEntry, type ArchiveState } from '../../../../api/archive.ts';
import {
  archiveStatus,
  restoreArchive,
  scheduleArchive,
} from '../../../../api/contract/archive-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { DataTable } from '../../kit/data-table.tsx';
import { InlineForm } from '../../kit/inline-form.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';

/** Jobs move the originals: the open screen asks again a few times a minute. */
export const ARCHIVE_REFRESH_MS = 5_000;
const QUERY_KEY = ['admin', 'archive'] as const;

/** What each empty state says: what would be listed there, and how it gets there. */
const EMPTY: Record<ArchiveState, MessageKey> = {
  scheduled: 'archive.emptyScheduled',
  archived: 'archive.emptyArchived',
  restoring: 'archive.emptyRestoring',
};

const STATE_TITLES: Record<ArchiveState, MessageKey> = {
  scheduled: 'archive.scheduled',
  archived: 'archive.retention',
  restoring: 'archive.restoring',
};

/** A date field's day (local midnight) as the API's instant; empty stays unset. */
const dayInstant = (day: string) => (day ? new Date(`${day}T00:00`).toISOString() : undefined);

function ArchiveForm() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const [ids, setIds] = useState('');
  const [archiveAt, setArchiveAt] = useState('');
  const [retention, setRetention] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.call(scheduleArchive, {
        body: {
          assetIds: ids
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number),
          archiveAt: dayInstant(archiveAt),
          retentionUntil: dayInstant(retention),
        },
      }),
    onSuccess: ({ count }) => {
      setIds('');
      refresh([QUERY_KEY]);
      toaster.create({ type: 'success', title: t('archive.scheduledToast', { count }) });
    },
  });
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {t('archive.new')}
      </Heading>
      <ErrorAlert error={send.error} />
      <InlineForm
        onSend={() => send.mutate()}
        submitLabel={t('archive.archive')}
        busy={send.isPending}
        main={
          <FormField
            name="assetIds"
            label={t('archive.assetIds')}
            helper={t('archive.assetIdsHint')}
            value={ids}
            onValue={setIds}
            required
          />
        }
      >
        <Box width="48">
          <FormField
            type="date"
            name="archiveAt"
            label={t('archive.archiveAt')}
            value={archiveAt}
            onValue={setArchiveAt}
          />
        </Box>
        <Box width="48">
          <FormField
            type="date"
            name="retentionUntil"
            label={t('archive.retentionUntil')}
            value={retention}
            onValue={setRetention}
          />
        </Box>
      </InlineForm>
    </Stack>
  );
}

/** Archive status and Restore (R-ARCHIVE): every asset in each archive state; archived ones are restored here. */
export function ArchiveSection() {
  const { t, language } = usePreferences();
  const refresh = useRefresh();
  const status = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => api.call(archiveStatus, { signal }),
    refetchInterval: ARCHIVE_REFRESH_MS,
  });
  const restore = useMutation({
    mutationFn: (assetId: number) => api.call(restoreArchive, { body: { assetIds: [assetId] } }),
    onSuccess: () => {
      refresh([QUERY_KEY]);
      toaster.create({ type: 'success', title: t('archive.restoreQueued') });
    },
  });
  if (status.isPending) return <ListSkeleton rows={6} />;
  if (status.isError) return <ErrorAlert error={status.error} />;
  const when = (value: string | null) => (value ? formatDate(value, language) : '—');
  const table = (state: ArchiveState, rows: ArchiveEntry[]) => (
    <DataTable
      label={t(STATE_TITLES[state])}
      rows={rows}
      rowKey={(row) => String(row.assetId)}
      columns={[
        {
          header: t('field.name'),
          cell: (row) => (
            <Stack gap="0">
              <Text fontWeight="medium">{row.name}</Text>
              <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                {row.path}
              </Text>
              {row.error && (
                <Text fontSize="xs" color="fg.error">
                  {row.error}
                </Text>
              )}
            </Stack>
          ),
        },
        { header: t('archive.size'), cell: (row) => formatSize(row.size, language) },
        {
          header: state === 'scheduled' ? t('archive.archiveAt') : t('archive.archivedAt'),
          cell: (row) => when(state === 'scheduled' ? row.archiveAt : row.archivedAt),
        },
        { header: t('archive.retentionUntil'), cell: (row) => when(row.retentionUntil) },
        ...(state === 'archived'
          ? [
              {
                header: t('archive.actions'),
                cell: (row: ArchiveEntry) => (
                  <RowButton
                    text={t('archive.restore')}
                    label={t('archive.restoreNamed', { name: row.name })}
                    onClick={() => restore.mutate(row.assetId)}
                  />
                ),
              },
            ]
          : state === 'restoring'
            ? [{ header: t('archive.requested'), cell: (row: ArchiveEntry) => when(row.restoreRequestedAt) }]
            : []),
      ]}
    />
  );
  return (
    <Stack gap="5">
      <Text color="fg.muted">{t(status.data.tier === 's3' ? 'archive.introS3' : 'archive.introFolder')}</Text>
      <ArchiveForm />
      <ErrorAlert error={restore.error} />
      {ARCHIVE_STATES.map((state) => {
        const rows = status.data.entries.filter((entry) => entry.state === state);
        return (
          <Stack key={state} gap="2">
            <HStack>
              <Heading as="h2" size="md">
                {t(STATE_TITLES[state])}
              </Heading>
              <Badge>{rows.length}</Badge>
            </HStack>
            {rows.length === 0 ? <Text color="fg.muted">{t(EMPTY[state])}</Text> : table(state, rows)}
          </Stack>
        );
      })}
    </Stack>
  );
}
