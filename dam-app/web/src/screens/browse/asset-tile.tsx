import { Box, Flex, Text } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { formatSize } from '../../components/format-size.ts';
import { type AssetItemProps, optionAttributes } from './asset-item.ts';
import { useBrowseExtensions } from './browse-extensions.tsx';
import { CheckMark } from './check-mark.tsx';
import { Thumbnail } from './thumbnail.tsx';

/** One asset in the Tile view: its thumbnail, name, type and size, and the extensions' badge. */
export function AssetTile(props: AssetItemProps) {
  const { language } = usePreferences();
  const { assetBadge } = useBrowseExtensions();
  const { asset, selected } = props;
  return (
    <Box
      {...optionAttributes(props)}
      flex="1"
      minWidth="0"
      p="2"
      borderWidth="1px"
      borderRadius="md"
      borderColor={selected ? 'teal.solid' : 'border'}
      bg={selected ? 'teal.subtle' : 'bg'}
      cursor="pointer"
      position="relative"
      _hover={{ borderColor: 'teal.solid' }}
    >
      <Flex justify="center">
        <Thumbnail asset={asset} size="150px" />
      </Flex>
      <Flex gap="2" mt="2" align="flex-start">
        <CheckMark selected={selected} onCheck={props.onCheck} />
        <Box minWidth="0" flex="1">
          <Text fontSize="sm" fontWeight="medium" truncate>
            {asset.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {asset.fileType} · {formatSize(asset.size, language)}
          </Text>
        </Box>
        {assetBadge(asset)}
      </Flex>
    </Box>
  );
}
