import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { listAssetClearances } from '../../../../api/contract/requests-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';

/** The approved clearances of an asset (Clearance request: dates, regions, formats), shown in its view. */
export function AssetClearances({ assetId }: { assetId: number }) {
  const { t } = usePreferences();
  const clearances = useQuery({
    queryKey: ['asset', assetId, 'clearances'],
    queryFn: ({ signal }) => api.call(listAssetClearances, { params: { id: assetId }, signal }),
  });
  const items = clearances.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack as="section" gap="1" aria-labelledby="asset-clearances" data-clearances="">
      <Heading as="h2" size="sm" id="asset-clearances">
        {t('clearances.title')}
      </Heading>
      <Stack as="ul" gap="1" ps="4" fontSize="sm">
        {items.map((item) => (
          <Text as="li" key={item.requestId}>
            {t('requests.clearanceSummary', {
              from: item.from,
              to: item.to,
              regions: item.regions.join(', '),
              formats: item.formats.join(', ') || '—',
            })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
