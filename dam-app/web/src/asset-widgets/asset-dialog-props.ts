/** What every dialog that acts on a selection of assets is given: the assets, whether it shows, how it closes. */
export interface AssetDialogProps {
  assetIds: readonly number[];
  open: boolean;
  onClose(): void;
}
