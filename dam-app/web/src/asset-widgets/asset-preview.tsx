import { Box, Center, Image, Skeleton, Text } from '@chakra-ui/react';
import type { AssetView } from '../../../api/assets.ts';
import { usePreferences } from '../app/preferences.tsx';
import { typeLabel } from './type-label.ts';

/** A rendition's address for the browser (the API gives it relative to `/api/v1`). */
export const renditionUrl = (url: string) => `/api/v1${url}`;

const named = (asset: AssetView, name: string) => asset.renditions.find((each) => each.name === name);

/** The preview rendition: an image's or a PDF page's preview, a video's web preview with its poster. */
export function AssetPreview({ asset }: { asset: AssetView }) {
  const { t } = usePreferences();
  const frame = (content: React.ReactNode) => (
    <Center bg="bg.muted" rounded="md" borderWidth="1px" minHeight="48" overflow="hidden">
      {content}
    </Center>
  );
  if (asset.renditionState === 'pending')
    return <Skeleton height="64" rounded="md" aria-busy="true" aria-label={t('assets.previewPending')} />;
  const video = named(asset, 'web-preview');
  const poster = named(asset, 'poster');
  if (asset.kind === 'video' && video)
    return frame(
      // biome-ignore lint/a11y/useMediaCaption: the web preview is the asset itself; it has no caption track
      <video
        controls
        preload="metadata"
        src={renditionUrl(video.url)}
        poster={poster ? renditionUrl(poster.url) : undefined}
        aria-label={t('assets.previewOf', { name: asset.name })}
        style={{ maxWidth: '100%', maxHeight: '28rem' }}
      />,
    );
  const image = named(asset, 'preview') ?? poster ?? named(asset, 'thumbnail') ?? named(asset, 'icon');
  if (image)
    return frame(
      <Image
        src={renditionUrl(image.url)}
        alt={t('assets.previewOf', { name: asset.name })}
        maxHeight="28rem"
        maxWidth="100%"
        objectFit="contain"
      />,
    );
  return frame(
    <Box p="6" textAlign="center">
      <Text color="fg.muted">
        {asset.renditionState === 'failed' ? t('assets.previewFailed') : t('assets.previewNone')}
      </Text>
    </Box>,
  );
}

/** A small square thumbnail for lists (carts, collections, trash). */
export function AssetThumb({ asset, size = '12' }: { asset: AssetView; size?: string }) {
  // The server serves no renditions of a trashed asset: its file type stands in.
  const thumb = asset.status === 'trashed' ? undefined : (named(asset, 'thumbnail') ?? named(asset, 'icon'));
  return (
    <Center
      width={size}
      height={size}
      bg="bg.muted"
      rounded="sm"
      // A white page (a PDF's thumbnail) keeps its edge against a white table.
      borderWidth="1px"
      borderColor="border"
      overflow="hidden"
      flexShrink={0}
      aria-hidden="true"
    >
      {thumb ? (
        <Image src={renditionUrl(thumb.url)} alt="" maxWidth="full" maxHeight="full" objectFit="contain" />
      ) : (
        <Text fontSize="xs" color="fg.muted">
          {typeLabel(asset.fileName, asset.fileType)}
        </Text>
      )}
    </Center>
  );
}
