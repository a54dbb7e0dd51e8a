import { Flex, NativeSelect } from '@chakra-ui/react';
import { SORT_FIELDS } from '../../../../api/search.ts';
import { usePreferences } from '../../app/preferences.tsx';

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
      <NativeSelect.Root size="sm" width="40">
        <NativeSelect.Field
          aria-label={t('browse.sortBy')}
          value={sort.field}
          onChange={(event) => onSort({ ...sort, field: event.target.value as SortField })}
        >
          {SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(`asset.${field}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm" width="36">
        <NativeSelect.Field
          aria-label={t('browse.sortDirection')}
          value={sort.direction}
          onChange={(event) => onSort({ ...sort, direction: event.target.value as 'asc' | 'desc' })}
        >
          <option value="asc">{t('browse.ascending')}</option>
          <option value="desc">{t('browse.descending')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}
