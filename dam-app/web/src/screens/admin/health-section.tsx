import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { health } from '../../../../api/contract/health-endpoints.ts';
import type { HealthCheck, HealthStatus } from '../../../../api/health.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, ListSkeleton, Notice } from '../../components/feedback.tsx';
import { formatSize } from '../../components/format-size.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { DataTable } from '../../kit/data-table.tsx';

/** How often the open screen runs the tests again: live enough to watch a fix land, cheap for the server. */
export const HEALTH_REFRESH_MS = 15_000;
const BYTE_FACTS = new Set(['freeBytes', 'totalBytes', 'minFreeBytes']);
/** Numbers that name something (a port, a status code): shown as they are, never as "34,128". */
const NAME_FACTS = new Set(['port', 'httpStatus']);
const PALETTE: Record<HealthStatus, string> = { green: 'green', red: 'red', off: 'gray' };

/** Dashboard health tests (R-HEALTH-TESTS): each test green, red with its reason, or not configured. */
export function HealthSection() {
  const { t, language } = usePreferences();
  const report = useQuery({
    queryKey: ['admin', 'health'],
    queryFn: ({ signal }) => api.call(health, { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
  });
  const name = (check: HealthCheck) =>
    t(`health.kind.${check.kind}` as MessageKey, {
      target: check.kind === 'disk' ? t(`health.area.${check.target}` as MessageKey) : check.target,
    });
  const figure = (key: string, value: number | string) =>
    typeof value === 'number' && !NAME_FACTS.has(key)
      ? BYTE_FACTS.has(key)
        ? formatSize(value, language)
        : new Intl.NumberFormat(language).format(value)
      : value;
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('health.intro')}</Text>
      <HStack justify="space-between" wrap="wrap">
        {report.data?.checks && (
          <Box flex="1">
            <Notice status={report.data.healthy ? 'success' : 'warning'}>
              {t(report.data.healthy ? 'health.healthy' : 'health.unhealthy')}
            </Notice>
          </Box>
        )}
        <Button size="sm" variant="outline" loading={report.isFetching} onClick={() => report.refetch()}>
          {t('health.runAgain')}
        </Button>
      </HStack>
      {report.isPending && <ListSkeleton rows={6} />}
      {report.isError && <ErrorAlert error={report.error} />}
      {report.data?.checks && (
        <DataTable
          label={t('admin.health')}
          rows={report.data.checks}
          rowKey={(check) => `${check.kind} ${check.target}`}
          columns={[
            { header: t('health.test'), cell: (check) => <Text fontWeight="medium">{name(check)}</Text> },
            {
              header: t('health.state'),
              cell: (check) => (
                <Badge colorPalette={PALETTE[check.status]} variant="subtle">
                  {t(`health.status.${check.status}`)}
                </Badge>
              ),
            },
            {
              header: t('health.why'),
              cell: (check) => (
                <Box>
                  <Text>{t(`health.reason.${check.reason}`)}</Text>
                  {check.status === 'red' && check.detail && (
                    <Text fontSize="xs" color="fg.muted" fontFamily="mono" wordBreak="break-word">
                      {check.detail}
                    </Text>
                  )}
                </Box>
              ),
            },
            {
              header: t('health.figures'),
              cell: (check) => (
                <Box as="dl" fontSize="sm">
                  {Object.entries(check.facts).map(([key, value]) => (
                    <HStack key={key} gap="1" align="baseline">
                      <Text as="dt" color="fg.muted">
                        {t('health.factLabel', { label: t(`health.fact.${key}` as MessageKey) })}
                      </Text>
                      <Text as="dd" wordBreak="break-all">
                        {figure(key, value)}
                      </Text>
                    </HStack>
                  ))}
                </Box>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
