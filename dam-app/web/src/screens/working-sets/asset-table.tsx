import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { AssetThumb } from '../../asset-widgets/asset-preview.tsx';
import { formatSize } from '../../components/format-size.ts';
import { Link } from '../../components/link.tsx';
import { DataTable } from '../../kit/data-table.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { selectColumn } from '../../kit/select-column.tsx';
import { useBrowseExtensions } from '../browse/browse-extensions.tsx';

const WIDE_ONLY = { display: { base: 'none', md: 'table-cell' } } as const;

/** The assets of a cart or a collection, with a checkbox each to act on a selection. */
export function AssetTable({
  assets,
  selected,
  onSelect,
  label,
}: {
  assets: readonly AssetView[];
  selected: readonly number[];
  onSelect(ids: number[]): void;
  label: string;
}) {
  const { t, language } = usePreferences();
  const extensions = useBrowseExtensions();
  return (
    <DataTable
      label={label}
      rows={assets}
      rowKey={(asset) => asset.id}
      rowProps={(asset) => ({ 'data-asset-id': asset.id }) as object}
      columns={[
        selectColumn({
          rows: assets,
          selected,
          onSelect,
          idOf: (asset) => asset.id,
          allLabel: t('admin.selectAll'),
          rowLabel: (asset) => t('admin.select', { name: asset.name }),
          width: '10',
        }),
        {
          header: t('assets.field.name'),
          cell: (asset) => (
            <HStack gap="3">
              <AssetThumb asset={asset} size="10" />
              <div>
                <HStack gap="2">
                  <Link to={{ name: 'asset', id: asset.id }} fontWeight="medium">
                    {asset.name}
                  </Link>
                  {extensions.assetBadge(asset)}
                  {asset.checkedOutBy && (
                    <Badge colorPalette="orange" size="sm">
                      {t('assets.checkedOutBadge', { user: asset.checkedOutBy.username })}
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                  {asset.fileName}
                </Text>
              </div>
            </HStack>
          ),
        },
        { header: t('assets.field.fileType'), cell: (asset) => asset.fileType, props: WIDE_ONLY },
        {
          header: t('assets.field.size'),
          cell: (asset) => formatSize(asset.size, language),
          props: { ...WIDE_ONLY, whiteSpace: 'nowrap' },
        },
      ]}
    />
  );
}

/**
 * The assets of a cart or a collection in their states (loading, failed, empty, the list), with the actions on them
 * (`toolbar`) above the table once there are any.
 */
export function AssetList(props: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: { items: AssetView[] } | undefined };
  empty: string;
  emptyDescription: string;
  toolbar: ReactNode;
  selected: readonly number[];
  onSelect(ids: number[]): void;
  label: string;
}) {
  const { query } = props;
  return (
    <QueryStates
      query={{ ...query, data: query.data?.items }}
      empty={props.empty}
      emptyDescription={props.emptyDescription}
    >
      {(assets) => (
        <Stack gap="4">
          <HStack gap="2" wrap="wrap">
            {props.toolbar}
          </HStack>
          <AssetTable
            assets={assets}
            selected={props.selected}
            onSelect={props.onSelect}
            label={props.label}
          />
        </Stack>
      )}
    </QueryStates>
  );
}
