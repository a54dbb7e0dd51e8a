import { Checkbox, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bulkEdit } from '../../../api/contract/assets-endpoints.ts';
import { bulkEditSchema } from '../../../api/search.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { useForm } from '../components/use-form.ts';
import { ActionDialog } from '../kit/action-dialog.tsx';
import { refreshAssets } from '../screens/assets/asset-queries.ts';
import type { AssetDialogProps } from './asset-dialog-props.ts';
import { keywordsOf } from './keywords.ts';

/** Bulk Edit (R-SCREEN-LABELS, R-BULK-EDIT): set the description and add or remove keywords on a selection of assets. */
export function BulkEditDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t, spec } = usePreferences();
  const client = useQueryClient();
  const form = useForm(
    { replaceDescription: false, description: '', addKeywords: '', removeKeywords: '' },
    { guard: open },
  );
  const save = useMutation({
    mutationFn: (body: z.input<typeof bulkEditSchema>) => api.call(bulkEdit, { body }),
    onSuccess: (result) => {
      form.markSaved();
      refreshAssets(client, assetIds);
      toaster.create({ type: 'success', title: t('bulkEdit.updated', { count: result.updated }) });
      if (result.locked.length)
        toaster.create({
          type: 'warning',
          title: t('bulkEdit.locked', { count: result.locked.length }),
          description: spec('inUse'),
        });
      onClose();
    },
    onError: form.fail,
  });
  const add = keywordsOf(form.values.addKeywords);
  const remove = keywordsOf(form.values.removeKeywords);
  const changes = form.values.replaceDescription || add.length > 0 || remove.length > 0;
  const submit = () => {
    const body = {
      ids: [...assetIds],
      set: {
        ...(form.values.replaceDescription ? { description: form.values.description } : {}),
        ...(add.length ? { addKeywords: add } : {}),
        ...(remove.length ? { removeKeywords: remove } : {}),
      },
    };
    if (form.check(bulkEditSchema, body)) save.mutate(body);
  };
  return (
    <ActionDialog
      open={open}
      title={t('bulkEdit.title')}
      submitLabel={t('bulkEdit.apply', { count: assetIds.length })}
      busy={save.isPending}
      disabled={!changes || assetIds.length === 0}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{t('bulkEdit.intro', { count: assetIds.length })}</Text>
      <ErrorAlert error={form.formError} />
      <Checkbox.Root
        checked={form.values.replaceDescription}
        onCheckedChange={(details) => form.set('replaceDescription', details.checked === true)}
        size="sm"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('bulkEdit.replaceDescription')}</Checkbox.Label>
      </Checkbox.Root>
      <FormField
        label={t('assets.field.description')}
        multiline
        rows={3}
        disabled={!form.values.replaceDescription}
        {...form.field('description')}
      />
      {(['addKeywords', 'removeKeywords'] as const).map((key) => (
        <FormField
          key={key}
          {...form.field(key)}
          label={t(`bulkEdit.${key}`)}
          helper={t('assets.keywordsHint')}
        />
      ))}
    </ActionDialog>
  );
}
