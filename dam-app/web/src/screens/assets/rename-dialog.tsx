import { useQueryClient } from '@tanstack/react-query';
import { type AssetView, renameAssetSchema } from '../../../../api/assets.ts';
import { renameAsset } from '../../../../api/contract/assets-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { NameDialog } from '../../kit/name-dialog.tsx';
import { ASSET_KEYS, refreshAssets } from './asset-queries.ts';

/** Rename the asset's file; the server answers R-ASSET-RENAME-CLASH "Asset filename already exists." or the in-use message. */
export function RenameDialog({ asset, open, onClose }: { asset: AssetView; open: boolean; onClose(): void }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  return (
    <NameDialog
      open={open}
      title={t('assets.renameTitle', { name: asset.fileName })}
      submitLabel={t('assets.rename')}
      label={t('assets.field.fileName')}
      field="fileName"
      initial={asset.fileName}
      schema={renameAssetSchema}
      save={(body) => api.call(renameAsset, { params: { id: asset.id }, body })}
      onSaved={(renamed) => {
        client.setQueryData(ASSET_KEYS.asset(asset.id), renamed);
        refreshAssets(client);
        toaster.create({ type: 'success', title: t('assets.renamed', { name: renamed.fileName }) });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
