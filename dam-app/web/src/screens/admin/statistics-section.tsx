import { Box, Button, Flex, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getStatistics } from '../../../../api/contract/statistics-endpoints.ts';
import {
  STATISTICS_MAX_DAYS,
  type StatisticsDay,
  statisticsQuerySchema,
} from '../../../../api/statistics.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatSize } from '../../components/format-size.ts';
import { DataTable } from '../../kit/data-table.tsx';

const CHART_HEIGHT = 96;
const KINDS = ['image', 'video', 'audio', 'pdf', 'document', 'other'] as const;

/**
 * Uploads and downloads per day as bars, each scaled to the period's busiest day. Drawn for the eye only: the table
 * under it holds the same figures for a screen reader.
 */
function DayChart({ days, label }: { days: readonly StatisticsDay[]; label: string }) {
  const top = Math.max(1, ...days.map((day) => Math.max(day.uploads, day.downloads)));
  const bar = (value: number, color: string) => (
    <Box
      flex="1"
      minWidth="1px"
      bg={color}
      height={`${Math.round((value / top) * CHART_HEIGHT)}px`}
      roundedTop="xs"
    />
  );
  return (
    <Flex
      aria-hidden
      title={label}
      height={`${CHART_HEIGHT}px`}
      align="end"
      gap="1px"
      borderBottomWidth="1px"
      overflow="hidden"
    >
      {days.map((day) => (
        <Flex key={day.day} flex="1" align="end" gap="0" height="full">
          {bar(day.uploads, 'teal.solid')}
          {bar(day.downloads, 'orange.solid')}
        </Flex>
      ))}
    </Flex>
  );
}

/** Statistics (R-STATISTICS): uploads, downloads and active people per day of a period, and storage by folder and kind. */
export function StatisticsSection() {
  const { t, language } = usePreferences();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [folder, setFolder] = useState('');
  const query = { from: from || undefined, to: to || undefined, folder: folder || undefined };
  const checked = statisticsQuerySchema.safeParse(query);
  const periodError = checked.success
    ? undefined
    : checked.error.issues[0]?.path[0] === 'to'
      ? t('admin.periodBackwards')
      : t('statistics.periodTooLong', { days: STATISTICS_MAX_DAYS });
  const stats = useQuery({
    queryKey: ['admin', 'statistics', query],
    queryFn: ({ signal }) => api.call(getStatistics, { query, signal }),
    enabled: checked.success,
    placeholderData: (previous) => previous,
  });
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const size = (bytes: number) => formatSize(bytes, language);
  const parent = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : '';
  const data = stats.data;
  const kindLabel = (kind: string) =>
    KINDS.includes(kind as (typeof KINDS)[number])
      ? t(`search.kind.${kind as (typeof KINDS)[number]}`)
      : kind;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3" alignItems="start">
        <FormField label={t('admin.filterFrom')} type="date" value={from} onValue={setFrom} />
        <FormField
          label={t('admin.filterTo')}
          type="date"
          value={to}
          onValue={setTo}
          error={periodError}
          helper={t('statistics.periodHint')}
        />
      </SimpleGrid>
      {stats.isError ? (
        <ErrorAlert error={stats.error} />
      ) : !data ? (
        <ListSkeleton rows={6} />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {(
              [
                ['statistics.uploads', number(data.totals.uploads)],
                ['statistics.uploadBytes', size(data.totals.uploadBytes)],
                ['statistics.downloads', number(data.totals.downloads)],
                ['statistics.downloadBytes', size(data.totals.downloadBytes)],
              ] as const
            ).map(([label, value]) => (
              <Stat.Root key={label} borderWidth="1px" rounded="md" p="3">
                <Stat.Label>{t(label)}</Stat.Label>
                <Stat.ValueText fontSize="lg">{value}</Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          <Heading as="h2" size="md">
            {t('statistics.perDay', { from: data.from, to: data.to })}
          </Heading>
          {data.totals.uploads + data.totals.downloads === 0 ? (
            <Text>{t('statistics.quietPeriod')}</Text>
          ) : (
            <Stack gap="1">
              <DayChart days={data.days} label={t('statistics.chartLegend')} />
              <Text fontSize="sm" color="fg.muted">
                {t('statistics.chartLegend')}
              </Text>
            </Stack>
          )}
          <DataTable
            label={t('statistics.days')}
            rows={[...data.days].reverse()}
            rowKey={(row) => row.day}
            columns={[
              { header: t('statistics.day'), cell: (row) => row.day, props: { whiteSpace: 'nowrap' } },
              { header: t('statistics.uploads'), cell: (row) => number(row.uploads) },
              { header: t('statistics.uploadBytes'), cell: (row) => size(row.uploadBytes) },
              { header: t('statistics.downloads'), cell: (row) => number(row.downloads) },
              { header: t('statistics.downloadBytes'), cell: (row) => size(row.downloadBytes) },
              { header: t('statistics.activeUsers'), cell: (row) => number(row.activeUsers) },
            ]}
          />
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              {t('statistics.storage', { folder: data.folder || '/' })}
            </Heading>
            {folder && (
              <Button size="xs" variant="outline" onClick={() => setFolder(parent)}>
                {t('statistics.up')}
              </Button>
            )}
          </Flex>
          {data.byFolder.length === 0 && <Text>{t('statistics.noAssets')}</Text>}
          {data.byFolder.length > 0 && (
            <DataTable
              label={t('statistics.byFolder')}
              rows={data.byFolder}
              rowKey={(row) => row.folder}
              columns={[
                {
                  header: t('statistics.folder'),
                  cell: (row) =>
                    row.folder === data.folder ? (
                      <Text>{t('statistics.filesHere', { folder: row.folder || '/' })}</Text>
                    ) : (
                      <Button
                        variant="plain"
                        size="sm"
                        px="0"
                        textDecoration="underline"
                        onClick={() => setFolder(row.folder)}
                      >
                        {row.folder}
                      </Button>
                    ),
                },
                { header: t('statistics.assets'), cell: (row) => number(row.assets) },
                { header: t('statistics.size'), cell: (row) => size(row.bytes) },
              ]}
            />
          )}
          {data.byKind.length > 0 && (
            <DataTable
              label={t('statistics.byKind')}
              rows={data.byKind}
              rowKey={(row) => row.kind}
              columns={[
                { header: t('statistics.kind'), cell: (row) => kindLabel(row.kind) },
                { header: t('statistics.assets'), cell: (row) => number(row.assets) },
                { header: t('statistics.size'), cell: (row) => size(row.bytes) },
              ]}
            />
          )}
        </>
      )}
    </Stack>
  );
}
