import { Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { Empty } from '../../components/feedback.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { metadataText, sortedEntries } from './metadata-value.ts';

/** The extended view: every metadata field the asset carries (EXIF, IPTC, XMP, …), filterable by name or value. */
export function AssetExtendedTab({ asset }: { asset: AssetView }) {
  const { t } = usePreferences();
  const [filter, setFilter] = useState('');
  const entries = sortedEntries(asset.metadata);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? entries.filter(
        ([key, value]) =>
          key.toLowerCase().includes(needle) || metadataText(value).toLowerCase().includes(needle),
      )
    : entries;
  if (entries.length === 0) return <Empty title={t('assets.extendedEmpty')} />;
  return (
    <Stack gap="3">
      <SearchInput maxWidth="sm" label={t('assets.extendedFilter')} value={filter} onValue={setFilter} />
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('assets.extendedCount', { shown: shown.length, total: entries.length })}
      </Text>
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
        <Table.Root size="sm" striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('assets.metadataField')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('assets.metadataValue')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map(([key, value]) => (
              <Table.Row key={key}>
                <Table.Cell fontFamily="mono" whiteSpace="nowrap" verticalAlign="top">
                  {key}
                </Table.Cell>
                <Table.Cell wordBreak="break-word">{metadataText(value)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
