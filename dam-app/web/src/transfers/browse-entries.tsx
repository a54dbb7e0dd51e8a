import { Badge } from '@chakra-ui/react';
import type { AssetView } from '../../../api/assets.ts';
import type { FolderView } from '../../../api/folders.ts';
import type { BrowseExtensions, DropTargetProps } from '../screens/browse/browse-extensions.tsx';
import type { TransferActions } from './transfer-context.ts';

type Texts = {
  rapidQuickDownload: string;
  folderRapidDownload: string;
  rapidDownload: string;
  downloadEntry: string;
  badge: string;
  badgeLabel: string;
};

/**
 * What the transfer integration adds to the library screens (R-TRANSFER-MENUS menu entries, R-DOWNLOAD-GATE, R-UPLOAD-GATE gates): Rapid Quick Download
 * and its badge on assets, Download (Rapid) in Folder Actions, Rapid Download of a cart or a bundle, folders as drop targets.
 * Entries exist only while the client runs (R-CLIENT-STATUS-UI) and the person may download or upload.
 */
export function browseEntries(
  actions: Pick<
    TransferActions,
    'menusReady' | 'mayDownload' | 'mayUpload' | 'rapidDownload' | 'openDownload'
  >,
  texts: Texts,
  dropTarget: (folder: FolderView) => DropTargetProps | undefined,
): BrowseExtensions {
  const download = actions.menusReady && actions.mayDownload;
  return {
    assetMenuItems: (assets: readonly AssetView[]) => {
      if (!actions.mayDownload || assets.length === 0) return [];
      const items = [];
      if (download)
        items.push({
          id: 'rapid-quick-download',
          label: texts.rapidQuickDownload,
          onSelect: () => actions.rapidDownload({ kind: 'assets', assets }),
        });
      if (assets.length === 1)
        items.push({
          id: 'download-dialog',
          label: texts.downloadEntry,
          onSelect: () => actions.openDownload({ kind: 'assets', assets }),
        });
      return items;
    },
    folderActionItems: (folder: FolderView) =>
      download
        ? [
            {
              id: 'folder-rapid-download',
              label: texts.folderRapidDownload,
              onSelect: () => actions.rapidDownload({ kind: 'folder', folder }),
            },
          ]
        : [],
    cartMenuItems: (cart) =>
      actions.mayDownload
        ? [
            {
              id: 'cart-rapid-download',
              label: texts.rapidDownload,
              onSelect: () => actions.openDownload({ kind: 'cart', cart }),
            },
          ]
        : [],
    bundleMenuItems: (bundle) =>
      actions.mayDownload
        ? [
            {
              id: 'bundle-rapid-download',
              label: texts.rapidDownload,
              onSelect: () => actions.openDownload({ kind: 'bundle', bundle }),
            },
          ]
        : [],
    assetBadge: () =>
      download ? (
        <Badge
          size="xs"
          colorPalette="teal"
          variant="subtle"
          title={texts.badgeLabel}
          aria-label={texts.badgeLabel}
        >
          {texts.badge}
        </Badge>
      ) : null,
    folderDropTarget: (folder: FolderView) =>
      actions.menusReady && actions.mayUpload ? dropTarget(folder) : undefined,
  };
}
