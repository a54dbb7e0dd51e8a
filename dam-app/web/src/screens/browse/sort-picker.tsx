import { Flex } from '@chakra-ui/react';
import { SORT_FIELDS } from '../../../../api/search.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { Select } from '../../components/select-field.tsx';

export type SortField = (typeof SORT_FIELDS)[number];
export interface SortOrder {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** Sort by any listed field of an asset (R-ASSET-FIELDS), either way. */
export function SortPicker({ sort, onSort }: { sort: SortOrder; onSort(next: SortOrder): void }) {
  const { t } = usePreferences();
  return (
    <Flex gap="2">
      <Select
        size="sm"
        width="40"
        aria-label={t('browse.sortBy')}
        value={sort.field}
        onValue={(field) => onSort({ ...sort, field: field as SortField })}
        choices={SORT_FIELDS.map((field) => ({ value: field, label: t(`asset.${field}`) }))}
      />
      <Select
        size="sm"
        width="36"
        aria-label={t('browse.sortDirection')}
        value={sort.direction}
        onValue={(direction) => onSort({ ...sort, direction: direction as 'asc' | 'desc' })}
        choices={[
          { value: 'asc', label: t('browse.ascending') },
          { value: 'desc', label: t('browse.descending') },
        ]}
      />
    </Flex>
  );
}
