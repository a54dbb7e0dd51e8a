import { Grid, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { shownFileType } from '../../../../api/type-label.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ArchiveBadge } from '../../asset-widgets/archive-badge.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { type AssetItemProps, optionAttributes } from './asset-item.ts';
import { useBrowseExtensions } from './browse-extensions.tsx';
import { CheckMark } from './check-mark.tsx';
import { LIST_COLUMNS } from './results-style.ts';
import { Thumbnail } from './thumbnail.tsx';

const WIDE = { base: 'none', xl: 'block' } as const;
const MEDIUM = { base: 'none', md: 'block' } as const;

/** The List view's column titles (the rows carry the values; the titles are for the eye). */
export function ListHeader() {
  const { t } = usePreferences();
  return (
    <Grid
      aria-hidden="true"
      templateColumns={LIST_COLUMNS}
      gap="3"
      px="2"
      py="2"
      fontSize="xs"
      fontWeight="semibold"
      color="fg.muted"
      borderBottomWidth="1px"
    >
      <span />
      <span />
      <Text>{t('asset.name')}</Text>
      <Text display={MEDIUM}>{t('asset.fileName')}</Text>
      <Text>{t('asset.fileType')}</Text>
      <Text textAlign="end">{t('asset.size')}</Text>
      <Text display={WIDE}>{t('asset.dimensions')}</Text>
      <Text display={WIDE}>{t('asset.dateCreated')}</Text>
      <Text display={WIDE}>{t('asset.dateAdded')}</Text>
    </Grid>
  );
}

/** One asset in the List view: every listed field in a row. */
export const AssetRow = memo(function AssetRow(props: AssetItemProps) {
  const { language } = usePreferences();
  const { assetBadge } = useBrowseExtensions();
  const { asset, selected } = props;
  return (
    <div {...optionAttributes(props)} className="row">
      <CheckMark selected={selected} />
      <Thumbnail asset={asset} size={40} />
      <span className="cell name">
        {asset.name} <ArchiveBadge state={asset.archiveState} /> {assetBadge(asset)}
      </span>
      <span className="cell medium">{asset.fileName}</span>
      <span className="cell">{shownFileType(asset.fileName, asset.fileType)}</span>
      <span className="cell end">{formatSize(asset.size, language)}</span>
      <span className="cell wide">
        {asset.dimensions ? `${asset.dimensions.width}×${asset.dimensions.height}` : '—'}
      </span>
      <span className="cell wide">{formatDate(asset.dateCreated, language)}</span>
      <span className="cell wide">{formatDate(asset.dateAdded, language)}</span>
    </div>
  );
});

/** One asset in the Text view: names only, many to a screen. */
export const TextRow = memo(function TextRow(props: AssetItemProps) {
  const { asset, selected } = props;
  return (
    <div {...optionAttributes(props)} className="text-row">
      <CheckMark selected={selected} />
      <span className="cell">{asset.name}</span>
      <span className="cell muted">{asset.fileName}</span>
    </div>
  );
});
