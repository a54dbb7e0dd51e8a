import { memo } from 'react';
import { shownFileType } from '../../../../api/type-label.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ArchiveBadge } from '../../asset-widgets/archive-badge.tsx';
import { formatSize } from '../../components/format-size.ts';
import { type AssetItemProps, optionAttributes } from './asset-item.ts';
import { useBrowseExtensions } from './browse-extensions.tsx';
import { CheckMark } from './check-mark.tsx';
import { Thumbnail } from './thumbnail.tsx';

/** One asset in the Tile view: its thumbnail, name, type and size, and the "archived" badge and the extensions' badge. */
export const AssetTile = memo(function AssetTile(props: AssetItemProps) {
  const { language } = usePreferences();
  const { assetBadge } = useBrowseExtensions();
  const { asset, selected } = props;
  return (
    <div {...optionAttributes(props)} className="tile">
      <div className="tile-picture">
        <Thumbnail asset={asset} size={150} />
        {asset.archiveState && (
          <span className="tile-flag">
            <ArchiveBadge state={asset.archiveState} />
          </span>
        )}
      </div>
      <div className="tile-caption">
        <CheckMark selected={selected} />
        <div className="tile-text">
          <p className="name">{asset.name}</p>
          <p className="muted">
            {shownFileType(asset.fileName, asset.fileType)} · {formatSize(asset.size, language)}
          </p>
        </div>
        {assetBadge(asset)}
      </div>
    </div>
  );
});
