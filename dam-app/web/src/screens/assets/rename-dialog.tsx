import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AssetView, assetSchema, renameAssetSchema } from '../../../../api/assets.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ActionDialog } from './action-dialog.tsx';
import { ASSET_KEYS, refreshAssets } from './asset-queries.ts';

/** Rename the asset's file; the server answers R-ASSET-RENAME-CLASH "Asset filename already exists." or the in-use message. */
export function RenameDialog({ asset, open, onClose }: { asset: AssetView; open: boolean; onClose(): void }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const form = useForm({ fileName: asset.fileName });
  const save = useMutation({
    mutationFn: (body: unknown) => api.post(`/assets/${asset.id}/rename`, assetSchema, body),
    onSuccess: (renamed) => {
      client.setQueryData(ASSET_KEYS.asset(asset.id), renamed);
      refreshAssets(client);
      toaster.create({ type: 'success', title: t('assets.renamed', { name: renamed.fileName }) });
      onClose();
    },
    onError: form.fail,
  });
  const submit = () => {
    const body = form.check(renameAssetSchema, form.values);
    if (body) save.mutate(body);
  };
  return (
    <ActionDialog
      open={open}
      title={t('assets.renameTitle', { name: asset.fileName })}
      submitLabel={t('assets.rename')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="sm"
    >
      <ErrorAlert error={form.formError} />
      <FormField
        label={t('assets.field.fileName')}
        name="fileName"
        value={form.values.fileName}
        onValue={(value) => form.set('fileName', value)}
        error={form.errors.fileName}
        required
        autoFocus
      />
    </ActionDialog>
  );
}
