import type { AssetView } from '../../../../api/assets.ts';
import { typeLabel } from '../../../../api/type-label.ts';

type Rendition = AssetView['renditions'][number];
const address = (rendition: Rendition) => `/api/v1${rendition.url}`;

/** The smallest rendition that shows the asset: the thumbnail, else a poster or an icon. */
export function thumbnailUrl(asset: AssetView): string | undefined {
  const rendition =
    asset.renditions.find((each) => each.name === 'thumbnail') ??
    asset.renditions.find((each) => each.name === 'poster') ??
    asset.renditions.find((each) => each.name === 'icon');
  return rendition ? address(rendition) : undefined;
}

/**
 * The still pictures of an asset by width, for `srcset`: the browser takes the thumbnail for a tile at 1×, the larger
 * preview (or poster) where the screen's pixel density asks for more than the thumbnail has. Nothing when there is
 * one picture only (the `src` says it all).
 */
export function thumbnailSrcSet(asset: AssetView): string | undefined {
  const stills = asset.renditions
    .filter(
      (each) =>
        ['thumbnail', 'preview', 'poster'].includes(each.name) &&
        each.mimeType.startsWith('image/') &&
        each.width !== null,
    )
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  const widths = new Set(stills.map((each) => each.width));
  if (widths.size < 2) return undefined;
  return stills
    .filter((each, index) => stills.findIndex((other) => other.width === each.width) === index)
    .map((each) => `${address(each)} ${each.width}w`)
    .join(', ');
}

/** The picture of a tile or a list row; the asset's name is written beside it, so the image itself is decorative. */
export function Thumbnail({ asset, size }: { asset: AssetView; size: number }) {
  const url = thumbnailUrl(asset);
  const srcSet = url ? thumbnailSrcSet(asset) : undefined;
  return (
    <span className="thumb" style={{ width: size, height: size }}>
      {url ? (
        <img
          src={url}
          srcSet={srcSet}
          sizes={srcSet ? `${size}px` : undefined}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span aria-hidden="true">{typeLabel(asset.fileName, asset.fileType)}</span>
      )}
    </span>
  );
}
