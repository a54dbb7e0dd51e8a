import { Button, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { applyFormValues } from '../../../api/contract/forms-endpoints.ts';
import { uploadAssets } from '../../../api/contract/transfer-endpoints.ts';
import type { FieldValues } from '../../../api/forms.ts';
import { api } from '../api/api-client.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from '../app/preferences.tsx';
import { checkFormValues, FormValuesFields } from '../asset-widgets/form-values-fields.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { Form } from '../components/form.tsx';

/** How often the dialog asks whether the upload's files are in the library yet, and for how long at most. */
export const UPLOAD_FORM_TIMING = { pollMs: 1000, giveUpMs: 120_000 };

/**
 * R-UPLOAD-FORM: a completed upload's step in the progress dialog. It waits until the upload's files are ingested;
 * then, when its folder has an upload form, it asks for it — the same fields and validators as bulk edit, every field
 * checked (a required one must be filled) — and applies the values to all the upload's assets (`use: 'upload'`),
 * each field's problem shown beside it. With no form (or no asset to describe) it confirms by itself.
 */
export function UploadFormStep(props: { cookie: string; onConfirmed(): void }) {
  const { t } = usePreferences();
  const [since] = useState(() => Date.now());
  const answer = useQuery({
    queryKey: ['upload-assets', props.cookie],
    queryFn: ({ signal }) => api.call(uploadAssets, { body: { cookie: props.cookie }, signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = !data || data.files === 0 || data.pending > 0;
      return waiting && Date.now() - since < UPLOAD_FORM_TIMING.giveUpMs ? UPLOAD_FORM_TIMING.pollMs : false;
    },
  });
  const data = answer.data;
  const timedOut = Date.now() - since >= UPLOAD_FORM_TIMING.giveUpMs;
  const ready = data !== undefined && ((data.files > 0 && data.pending === 0) || timedOut);
  const form = ready ? data.form : null;
  const assetIds = ready ? data.assetIds : [];
  const nothingToAsk = answer.isError || (ready && (form === null || assetIds.length === 0));
  const { onConfirmed } = props;
  useEffect(() => {
    if (nothingToAsk) onConfirmed();
  }, [nothingToAsk, onConfirmed]);

  const [values, setValues] = useState<FieldValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apply = useMutation({
    mutationFn: (filled: FieldValues) =>
      api.call(applyFormValues, { body: { assetIds: [...assetIds], use: 'upload', values: filled } }),
    onSuccess: () => onConfirmed(),
    onError: (error) => {
      if (error instanceof ApiFailure && error.code === 'invalid_fields') setErrors(error.fields);
    },
  });

  if (nothingToAsk) return null;
  if (!form)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="upload-form-waiting">
        {t('transfer.uploadFormWaiting')}
      </Text>
    );
  const submit = () => {
    const checked = checkFormValues(form, values, true);
    if (Object.keys(checked.problems).length) setErrors(checked.problems);
    else apply.mutate(checked.filled);
  };
  return (
    <Form display="flex" flexDirection="column" gap="3" mt="2" data-testid="upload-form" onSend={submit}>
      <Text fontSize="sm">{t('transfer.uploadFormIntro', { count: assetIds.length })}</Text>
      {apply.error && !(apply.error instanceof ApiFailure && apply.error.code === 'invalid_fields') && (
        <ErrorAlert error={apply.error} />
      )}
      <FormValuesFields
        form={form}
        values={values}
        errors={errors}
        requireNotEmpty
        onValue={(key, value) => {
          setValues((now) => ({ ...now, [key]: value }));
          setErrors(({ [key]: _gone, ...others }) => others);
        }}
      />
      <HStack justify="flex-end">
        <Button type="submit" size="sm" colorPalette="teal" loading={apply.isPending}>
          {t('transfer.uploadFormApply', { count: assetIds.length })}
        </Button>
      </HStack>
    </Form>
  );
}
