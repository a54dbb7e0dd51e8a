import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { portalDownloads } from '../../../../api/contract/portals-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';
import { QueryStates } from '../../kit/query-states.tsx';
import { PORTAL_KEYS } from './portal-queries.ts';

/** A portal's download log for its owner (R-PORTAL-ZIP): when, which file or a zip, from where, counted or refused. */
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
                what: download.fileName ?? t('portals.zip'),
                ip: download.ip || '—',
                state: t(download.counted ? 'shares.counted' : 'shares.refused'),
              })}
            </Text>
          ))}
        </Stack>
      )}
    </QueryStates>
  );
}
