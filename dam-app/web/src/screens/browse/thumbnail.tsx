import { Box, Image, Text } from '@chakra-ui/react';
import type { AssetView } from '../../../../api/assets.ts';

/** The smallest rendition that shows the asset: the thumbnail, else a poster or an icon. */
export function thumbnailUrl(asset: AssetView): string | undefined {
  const rendition =
    asset.renditions.find((each) => each.name === 'thumbnail') ??
    asset.renditions.find((each) => each.name === 'poster') ??
    asset.renditions.find((each) => each.name === 'icon');
  return rendition ? `/api/v1${rendition.url}` : undefined;
}

/** The picture of a tile or a list row; the asset's name is written beside it, so the image itself is decorative. */
export function Thumbnail({ asset, size }: { asset: AssetView; size: string }) {
  const url = thumbnailUrl(asset);
  return (
    <Box
      width={size}
      height={size}
      flexShrink={0}
      bg="bg.muted"
      borderRadius="sm"
      overflow="hidden"
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      {url ? (
        <Image src={url} alt="" loading="lazy" decoding="async" maxWidth="full" maxHeight="full" />
      ) : (
        <Text aria-hidden="true" fontSize="xs" fontWeight="bold" color="fg.muted">
          {asset.fileType}
        </Text>
      )}
    </Box>
  );
}
