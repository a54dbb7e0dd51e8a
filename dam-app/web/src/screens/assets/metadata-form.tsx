import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type AssetView, editAssetSchema } from '../../../../api/assets.ts';
import { editAsset } from '../../../../api/contract/assets-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { keywordsOf } from '../../asset-widgets/keywords.ts';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { ASSET_KEYS, refreshAssets } from './asset-queries.ts';

/** Name, description and keywords; leaving with unsaved edits asks first. Read-only when the person may not edit. */
export function MetadataForm({ asset, editable }: { asset: AssetView; editable: boolean }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const form = useForm(
    { name: asset.name, description: asset.description, keywords: asset.keywords.join(', ') },
    { guard: true },
  );
  const save = useMutation({
    mutationFn: (body: z.input<typeof editAssetSchema>) =>
      api.call(editAsset, { params: { id: asset.id }, body }),
    onSuccess: (saved) => {
      form.reset({ name: saved.name, description: saved.description, keywords: saved.keywords.join(', ') });
      client.setQueryData(ASSET_KEYS.asset(asset.id), saved);
      refreshAssets(client);
      toaster.create({ type: 'success', title: t('app.saved') });
    },
    onError: form.fail,
  });
  const submit = () => {
    const body = {
      name: form.values.name,
      description: form.values.description,
      keywords: keywordsOf(form.values.keywords),
    };
    if (form.check(editAssetSchema, body)) save.mutate(body);
  };
  return (
    <Form onSend={submit} aria-label={t('assets.editMetadata')}>
      <Stack gap="3">
        <ErrorAlert error={form.formError} />
        <FormField {...form.field('name')} label={t('assets.field.name')} readOnly={!editable} required />
        <FormField
          {...form.field('description')}
          label={t('assets.field.description')}
          multiline
          rows={3}
          readOnly={!editable}
        />
        <FormField
          {...form.field('keywords')}
          label={t('assets.field.keywords')}
          helper={t('assets.keywordsHint')}
          readOnly={!editable}
        />
        {editable && (
          <HStack>
            <SubmitButton loading={save.isPending} disabled={!form.dirty}>
              {t('app.save')}
            </SubmitButton>
            <Button
              variant="outline"
              disabled={!form.dirty}
              onClick={() =>
                form.reset({
                  name: asset.name,
                  description: asset.description,
                  keywords: asset.keywords.join(', '),
                })
              }
            >
              {t('assets.discard')}
            </Button>
          </HStack>
        )}
      </Stack>
    </Form>
  );
}
