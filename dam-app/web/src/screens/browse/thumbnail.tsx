import type { AssetView } from '../../../../api/assets.ts';
import { typeLabel } from '../../asset-widgets/type-label.ts';

/** The smallest rendition that shows the asset: the thumbnail, else a poster or an icon. */
export function thumbnailUrl(asset: AssetView): string | undefined {
  const rendition =
    asset.renditions.find((each) => each.name === 'thumbnail') ??
    asset.renditions.find((each) => each.name === 'poster') ??
    asset.renditions.find((each) => each.name === 'icon');
  return rendition ? `/api/v1${rendition.url}` : undefined;
}

/** The picture of a tile or a list row; the asset's name is written beside it, so the image itself is decorative. */
export function Thumbnail({ asset, size }: { asset: AssetView; size: number }) {
  const url = thumbnailUrl(asset);
  return (
    <span className="thumb" style={{ width: size, height: size }}>
      {url ? (
        <img src={url} alt="" loading="lazy" decoding="async" />
      ) : (
        <span aria-hidden="true">{typeLabel(asset.fileName, asset.fileType)}</span>
      )}
    </span>
  );
}
