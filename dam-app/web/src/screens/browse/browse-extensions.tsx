import { createContext, type DragEvent, type ReactNode, useContext } from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import type { FolderView } from '../../../../api/folders.ts';

/** One extra entry that another part of the app adds to a browse menu (the transfer integration's Rapid entries). */
export interface MenuExtra {
  id: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

/** Props a folder's element spreads so that files dropped on it are handled (drag-and-drop upload, R-DROP-UPLOAD). */
export interface DropTargetProps {
  onDragEnter: (event: DragEvent<HTMLElement>) => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  /** True while files are dragged over this folder: the element shows itself as the drop target. */
  'data-drop-target'?: boolean;
}

/**
 * What the library screens (tree, folder views, asset view, carts, bundles) let other features add without knowing them:
 * menu entries for a selection of assets or a folder, a badge on an asset, and a folder as a drop target. The
 * browse screens read it; the transfer integration provides it around the signed-in shell.
 */
export interface BrowseExtensions {
  assetMenuItems: (assets: readonly AssetView[]) => readonly MenuExtra[];
  folderActionItems: (folder: FolderView) => readonly MenuExtra[];
  cartMenuItems: (cart: { id: number; name: string }) => readonly MenuExtra[];
  /** A bundle (a collection marked bundle) goes home whole, through the loading dock as a cart does. */
  bundleMenuItems: (bundle: { id: number; name: string }) => readonly MenuExtra[];
  assetBadge: (asset: AssetView) => ReactNode;
  folderDropTarget: (folder: FolderView) => DropTargetProps | undefined;
}

/** No entries: what the screens show before (or without) the transfer integration. */
export const NO_BROWSE_EXTENSIONS: BrowseExtensions = {
  assetMenuItems: () => [],
  folderActionItems: () => [],
  cartMenuItems: () => [],
  bundleMenuItems: () => [],
  assetBadge: () => null,
  folderDropTarget: () => undefined,
};

const BrowseExtensionsContext = createContext<BrowseExtensions>(NO_BROWSE_EXTENSIONS);

export const BrowseExtensionsProvider = BrowseExtensionsContext.Provider;

export function useBrowseExtensions(): BrowseExtensions {
  return useContext(BrowseExtensionsContext);
}
