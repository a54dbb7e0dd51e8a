import { Box, Grid, Text } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { type AssetItemProps, optionAttributes } from './asset-item.ts';
import { useBrowseExtensions } from './browse-extensions.tsx';
import { CheckMark } from './check-mark.tsx';
import { Thumbnail } from './thumbnail.tsx';

// Check, thumbnail, name, file name, type, size, dimensions, created, added; narrow screens drop the last few.
const COLUMNS = {
  base: '28px 40px minmax(0,2fr) 72px 80px',
  md: '28px 40px minmax(0,2fr) minmax(0,2fr) 72px 80px',
  xl: '28px 40px minmax(0,2fr) minmax(0,2fr) 72px 80px 100px minmax(0,1.2fr) minmax(0,1.2fr)',
};
const WIDE = { base: 'none', xl: 'block' } as const;
const MEDIUM = { base: 'none', md: 'block' } as const;

/** The List view's column titles (the rows carry the values; the titles are for the eye). */
export function ListHeader() {
  const { t } = usePreferences();
  return (
    <Grid
      aria-hidden="true"
      templateColumns={COLUMNS}
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
export function AssetRow(props: AssetItemProps) {
  const { language } = usePreferences();
  const { assetBadge } = useBrowseExtensions();
  const { asset, selected } = props;
  return (
    <Grid
      {...optionAttributes(props)}
      templateColumns={COLUMNS}
      gap="3"
      alignItems="center"
      width="full"
      px="2"
      fontSize="sm"
      borderBottomWidth="1px"
      bg={selected ? 'teal.subtle' : undefined}
      cursor="pointer"
      _hover={{ bg: selected ? 'teal.muted' : 'bg.muted' }}
    >
      <CheckMark selected={selected} onCheck={props.onCheck} />
      <Thumbnail asset={asset} size="40px" />
      <Box minWidth="0" display="flex" gap="2" alignItems="center">
        <Text truncate fontWeight="medium">
          {asset.name}
        </Text>
        {assetBadge(asset)}
      </Box>
      <Text truncate display={MEDIUM}>
        {asset.fileName}
      </Text>
      <Text truncate>{asset.fileType}</Text>
      <Text textAlign="end">{formatSize(asset.size, language)}</Text>
      <Text display={WIDE}>
        {asset.dimensions ? `${asset.dimensions.width}×${asset.dimensions.height}` : '—'}
      </Text>
      <Text display={WIDE} truncate>
        {formatDate(asset.dateCreated, language)}
      </Text>
      <Text display={WIDE} truncate>
        {formatDate(asset.dateAdded, language)}
      </Text>
    </Grid>
  );
}

/** One asset in the Text view: names only, many to a screen. */
export function TextRow(props: AssetItemProps) {
  const { asset, selected } = props;
  return (
    <Box
      {...optionAttributes(props)}
      display="flex"
      alignItems="center"
      gap="2"
      width="full"
      px="2"
      fontSize="sm"
      bg={selected ? 'teal.subtle' : undefined}
      cursor="pointer"
      _hover={{ bg: selected ? 'teal.muted' : 'bg.muted' }}
    >
      <CheckMark selected={selected} onCheck={props.onCheck} />
      <Text truncate>{asset.name}</Text>
      <Text color="fg.muted" truncate fontFamily="mono" fontSize="xs">
        {asset.fileName}
      </Text>
    </Box>
  );
}
