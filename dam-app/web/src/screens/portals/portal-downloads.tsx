import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { portalDownloads } from '../../../../api/contract/portals-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';
import { QueryStates } from '../../kit/query-states.tsx';
import { PORTAL_KEYS } from './portal-queries.ts';

/**
 * A portal's download log for its owner (R-PORTAL-ZIP, R-PORTAL-RAPID): when, which file, a zip or Rapid, from where,
 * not complete (a Rapid transfer the node has not finished), counted or refused.
 */
export function PortalDownloads({ portalId }: { portalId: number }) {
  const { t, language } = usePreferences();
  const downloads = useQuery({
    queryKey: [...PORTAL_KEYS.list, portalId, 'downloads'],
    queryFn: ({ signal }) => api.call(portalDownloads, { params: { id: portalId }, signal }),
  });
  return (
    <QueryStates query={{ ...downloads, data: downloads.data?.items }} empty={t('shares.noDownloads')}>
      {(items) => (
        <Stack gap="1" fontSize="sm" aria-label={t('shares.downloads')}>
          {items.map((download) => (
            <Text key={download.id}>
              {t('portals.downloadLine', {
                at: formatDate(download.at, language),
                what:
                  download.method === 'rapid'
                    ? t('shares.method.rapid')
                    : (download.fileName ?? t('portals.zip')),
                ip: download.ip || '—',
                state: t(
                  download.completedAt === null
                    ? 'shares.incomplete'
                    : download.counted
                      ? 'shares.counted'
                      : 'shares.refused',
                ),
              })}
            </Text>
          ))}
        </Stack>
      )}
    </QueryStates>
  );
}
