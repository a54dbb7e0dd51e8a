import { Badge, Checkbox, HStack, Table, Text } from '@chakra-ui/react';
import type { AssetView } from '../../../../api/assets.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { AssetThumb } from '../../asset-widgets/asset-preview.tsx';
import { formatSize } from '../../components/format-size.ts';
import { Link } from '../../components/link.tsx';
import { useBrowseExtensions } from '../browse/browse-extensions.tsx';

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
  const all = assets.length > 0 && assets.every((asset) => selected.includes(asset.id));
  const some = !all && assets.some((asset) => selected.includes(asset.id));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="10">
              <Checkbox.Root
                size="sm"
                checked={all ? true : some ? 'indeterminate' : false}
                onCheckedChange={(details) =>
                  onSelect(details.checked === true ? assets.map((asset) => asset.id) : [])
                }
              >
                <Checkbox.HiddenInput aria-label={t('admin.selectAll')} />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('assets.field.name')}</Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>
              {t('assets.field.fileType')}
            </Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>
              {t('assets.field.size')}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {assets.map((asset) => (
            <Table.Row key={asset.id} data-asset-id={asset.id}>
              <Table.Cell>
                <Checkbox.Root
                  size="sm"
                  checked={selected.includes(asset.id)}
                  onCheckedChange={(details) =>
                    onSelect(
                      details.checked === true
                        ? [...selected, asset.id]
                        : selected.filter((id) => id !== asset.id),
                    )
                  }
                >
                  <Checkbox.HiddenInput aria-label={t('admin.select', { name: asset.name })} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
              <Table.Cell>
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
              </Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }}>{asset.fileType}</Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }} whiteSpace="nowrap">
                {formatSize(asset.size, language)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
