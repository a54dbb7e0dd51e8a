import { Checkbox, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { bulkEdit } from '../../../api/contract/assets-endpoints.ts';
import { applyFormValues, assetForm } from '../../../api/contract/forms-endpoints.ts';
import type { FieldValues } from '../../../api/forms.ts';
import { bulkEditSchema } from '../../../api/search.ts';
import { api } from '../api/api-client.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { useForm } from '../components/use-form.ts';
import { ActionDialog } from '../kit/action-dialog.tsx';
import { refreshAssets } from '../screens/assets/asset-queries.ts';
import type { AssetDialogProps } from './asset-dialog-props.ts';
import { checkFormValues, FormValuesFields } from './form-values-fields.tsx';
import { keywordsOf } from './keywords.ts';

/**
 * Bulk Edit (R-SCREEN-LABELS, R-BULK-EDIT): set the description and add or remove keywords on a selection of assets,
 * and the fields of the form the selection's folder uses for bulk edit (R-FORM-ASSIGN): the values filled in, each
 * through its field's validator, applied to every asset or to none.
 */
export function BulkEditDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t, spec } = usePreferences();
  const client = useQueryClient();
  const form = useForm(
    { replaceDescription: false, description: '', addKeywords: '', removeKeywords: '' },
    { guard: open },
  );
  const first = assetIds[0];
  const bulkForm = useQuery({
    queryKey: ['asset-form', first, 'bulkEdit'],
    queryFn: ({ signal }) =>
      api.call(assetForm, { params: { id: first as number }, query: { use: 'bulkEdit' }, signal }),
    enabled: open && first !== undefined,
  });
  const fieldsForm = bulkForm.data?.form ?? null;
  const [fieldValues, setFieldValues] = useState<FieldValues>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async (edit: { body?: z.input<typeof bulkEditSchema>; values: FieldValues }) => {
      // The form's values first: all or none, so a refused value leaves the description and keywords too.
      const fields = Object.keys(edit.values).length
        ? await api.call(applyFormValues, {
            body: { assetIds: [...assetIds], use: 'bulkEdit', values: edit.values },
          })
        : undefined;
      const rest = edit.body ? await api.call(bulkEdit, { body: edit.body }) : undefined;
      return { updated: rest?.updated ?? fields?.updated ?? 0, locked: rest?.locked ?? [] };
    },
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
    onError: (error) => {
      if (error instanceof ApiFailure && error.code === 'invalid_fields') setFieldErrors(error.fields);
      else form.fail(error);
    },
  });
  const checked = fieldsForm ? checkFormValues(fieldsForm, fieldValues, false) : undefined;
  const add = keywordsOf(form.values.addKeywords);
  const remove = keywordsOf(form.values.removeKeywords);
  const edits = form.values.replaceDescription || add.length > 0 || remove.length > 0;
  const changes = edits || Object.keys(checked?.filled ?? {}).length > 0;
  const submit = () => {
    if (checked && Object.keys(checked.problems).length) {
      setFieldErrors(checked.problems);
      return;
    }
    const body = {
      ids: [...assetIds],
      set: {
        ...(form.values.replaceDescription ? { description: form.values.description } : {}),
        ...(add.length ? { addKeywords: add } : {}),
        ...(remove.length ? { removeKeywords: remove } : {}),
      },
    };
    const values = checked?.filled ?? {};
    if (!edits) save.mutate({ values });
    else if (form.check(bulkEditSchema, body)) save.mutate({ body, values });
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
      {fieldsForm && (
        <FormValuesFields
          form={fieldsForm}
          values={fieldValues}
          errors={fieldErrors}
          onValue={(key, value) => {
            setFieldValues((values) => ({ ...values, [key]: value }));
            setFieldErrors(({ [key]: _gone, ...others }) => others);
          }}
        />
      )}
    </ActionDialog>
  );
}
