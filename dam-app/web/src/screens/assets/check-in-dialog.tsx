import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AssetView } from '../../../../api/assets.ts';
import { checkInAsset } from '../../../../api/contract/versions-endpoints.ts';
import { checkInSchema, versionCategories } from '../../../../api/versions.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ActionDialog } from '../../kit/action-dialog.tsx';
import { ASSET_KEYS, refreshAssets } from './asset-queries.ts';

/** Check in (R-CHECKOUT): a new version with a name, a comment and a message, of category Parent, Peer or Named. */
export function CheckInDialog({
  asset,
  open,
  onClose,
}: {
  asset: AssetView;
  open: boolean;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const form = useForm({ name: '', comment: '', message: '', category: 'Parent' as string });
  const save = useMutation({
    mutationFn: (body: z.input<typeof checkInSchema>) =>
      api.call(checkInAsset, { params: { id: asset.id }, body }),
    onSuccess: (answer) => {
      client.setQueryData(ASSET_KEYS.asset(asset.id), answer.asset);
      void client.invalidateQueries({ queryKey: ASSET_KEYS.versions(asset.id) });
      refreshAssets(client);
      toaster.create({ type: 'success', title: t('assets.checkedIn', { version: answer.version }) });
      onClose();
    },
    onError: form.fail,
  });
  const submit = () => {
    const body = form.check(checkInSchema, form.values);
    if (body) save.mutate(body);
  };
  return (
    <ActionDialog
      open={open}
      title={t('assets.checkInTitle', { name: asset.name })}
      submitLabel={t('assets.checkIn')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField
        {...form.field('name')}
        label={t('versions.name')}
        helper={t('versions.nameHint')}
        required={form.values.category === 'Named'}
      />
      <SelectField
        label={t('versions.category')}
        name="category"
        value={form.values.category}
        onValue={(category) => form.set('category', category)}
        choices={versionCategories.map((category) => ({
          value: category,
          label: t(`versions.category.${category}`),
        }))}
      />
      <FormField {...form.field('comment')} label={t('versions.comment')} multiline rows={2} />
      <FormField {...form.field('message')} label={t('versions.message')} multiline rows={2} />
    </ActionDialog>
  );
}
