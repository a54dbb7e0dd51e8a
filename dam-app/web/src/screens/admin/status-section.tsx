import { Badge, Heading, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { systemStatus } from '../../../../api/contract/status-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { DataTable } from '../../kit/data-table.tsx';

/** How often the open screen asks again: one small query set, a few times a minute. */
export const STATUS_REFRESH_MS = 5_000;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stat.Root borderWidth="1px" rounded="md" p="3">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="lg">{children}</Stat.ValueText>
    </Stat.Root>
  );
}

/** System status (R-SYSTEM-STATUS): this server, the job queue, transfers per node, storage, scans — live. */
export function StatusSection() {
  const { t, language } = usePreferences();
  const status = useQuery({
    queryKey: ['admin', 'status'],
    queryFn: ({ signal }) => api.call(systemStatus, { signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });
  if (status.isPending) return <ListSkeleton rows={6} />;
  if (status.isError) return <ErrorAlert error={status.error} />;
  const now = status.data;
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const uptime = {
    days: Math.floor(now.uptimeSeconds / 86_400),
    hours: Math.floor((now.uptimeSeconds % 86_400) / 3_600),
    minutes: Math.floor((now.uptimeSeconds % 3_600) / 60),
  };
  return (
    <Stack gap="5">
      <Text color="fg.muted">{t('status.intro')}</Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <Figure label={t('status.version')}>{now.version}</Figure>
        <Figure label={t('status.uptime')}>{t('status.uptimeValue', uptime)}</Figure>
        <Figure label={t('status.server')}>
          {now.server.host} · {now.server.pid}
        </Figure>
        <Figure label={t('status.assets')}>{number(now.storage.assets)}</Figure>
        <Figure label={t('status.used')}>{formatSize(now.storage.bytes, language)}</Figure>
        <Figure label={t('status.free')}>
          {now.storage.freeBytes === null ? '—' : formatSize(now.storage.freeBytes, language)}
        </Figure>
        <Figure label={t('status.infected')}>{number(now.scans.infected)}</Figure>
        <Figure label={t('status.unscanned')}>{number(now.scans.unscanned)}</Figure>
      </SimpleGrid>
      <Heading as="h2" size="md">
        {t('status.servers')}
      </Heading>
      <DataTable
        label={t('status.servers')}
        rows={now.servers}
        rowKey={(row) => `${row.host}:${row.pid}:${row.url}`}
        columns={[
          {
            header: t('status.serverProcess'),
            cell: (row) => (
              <HStack>
                <Text fontFamily="mono">
                  {row.host} · {row.pid}
                </Text>
                {row.current && <Badge colorPalette="blue">{t('status.thisServer')}</Badge>}
              </HStack>
            ),
          },
          { header: t('status.serverAddress'), cell: (row) => <Text fontFamily="mono">{row.url}</Text> },
          { header: t('status.serverStarted'), cell: (row) => formatDate(row.startedAt, language) },
        ]}
      />
      <Heading as="h2" size="md">
        {t('status.jobs')}
      </Heading>
      {now.jobs.length === 0 ? (
        <Text>{t('status.noJobs')}</Text>
      ) : (
        <DataTable
          label={t('status.jobs')}
          rows={now.jobs}
          rowKey={(row) => row.kind}
          columns={[
            { header: t('status.jobKind'), cell: (row) => <Text fontFamily="mono">{row.kind}</Text> },
            { header: t('status.queued'), cell: (row) => number(row.queued) },
            { header: t('status.running'), cell: (row) => number(row.running) },
            {
              header: t('status.failed'),
              cell: (row) => (
                <Text
                  color={row.failed ? 'fg.error' : undefined}
                  fontWeight={row.failed ? 'semibold' : undefined}
                >
                  {number(row.failed)}
                </Text>
              ),
            },
          ]}
        />
      )}
      <Heading as="h2" size="md">
        {t('status.transfers')}
      </Heading>
      {now.transfers.length === 0 ? (
        <Text>{t('status.noNodes')}</Text>
      ) : (
        <DataTable
          label={t('status.transfers')}
          rows={now.transfers}
          rowKey={(row) => row.node}
          columns={[
            { header: t('status.node'), cell: (row) => <Text fontFamily="mono">{row.node}</Text> },
            {
              header: t('status.running'),
              cell: (row) => (row.running === null ? t('status.nodeDown') : number(row.running)),
            },
          ]}
        />
      )}
    </Stack>
  );
}
