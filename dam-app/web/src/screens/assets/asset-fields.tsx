import { DataList, Stack, Text } from '@chakra-ui/react';
import type { AssetView } from '../../../../api/assets.ts';
import { shownFileType } from '../../../../api/type-label.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { Link } from '../../components/link.tsx';
import { renditionLabel } from './rendition-label.ts';

/** Every field of an asset that R-ASSET-FIELDS names, read-only. */
export function AssetFields({ asset }: { asset: AssetView }) {
  const { t, language } = usePreferences();
  const rows: [string, React.ReactNode][] = [
    [t('assets.field.id'), String(asset.id)],
    [t('assets.field.name'), asset.name],
    [t('assets.field.fileName'), asset.fileName],
    [t('assets.field.description'), asset.description || '—'],
    [t('assets.field.dateCreated'), formatDate(asset.dateCreated, language)],
    [t('assets.field.dateAdded'), formatDate(asset.dateAdded, language)],
    [t('assets.field.fileType'), `${shownFileType(asset.fileName, asset.fileType)} (${asset.mimeType})`],
    [t('assets.field.size'), formatSize(asset.size, language)],
    [t('assets.field.colorProfile'), asset.colorProfile ?? '—'],
    [
      t('assets.field.dimensions'),
      asset.dimensions ? `${asset.dimensions.width} × ${asset.dimensions.height} px` : '—',
    ],
    [t('assets.field.aspectRatio'), asset.aspectRatio ?? '—'],
    [
      t('assets.field.renditions'),
      asset.renditions.length ? (
        <Stack key="renditions" gap="0">
          {asset.renditions.map((each) => (
            <Text key={each.name}>
              {renditionLabel(each.name, t)}
              {each.width && each.height ? ` · ${each.width} × ${each.height}` : ''} ·{' '}
              {formatSize(each.size, language)}
            </Text>
          ))}
        </Stack>
      ) : (
        '—'
      ),
    ],
    [
      t('assets.field.versions'),
      <Link key="versions" to={{ name: 'asset', id: asset.id, tab: 'versions' }}>
        {t('assets.versionCount', { count: asset.versions })}
      </Link>,
    ],
    [t('assets.field.keywords'), asset.keywords.length ? asset.keywords.join(', ') : '—'],
    [t('assets.field.path'), asset.path],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {rows.map(([label, value]) => (
        <DataList.Item key={label} alignItems="flex-start">
          <DataList.ItemLabel minWidth="32">{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
