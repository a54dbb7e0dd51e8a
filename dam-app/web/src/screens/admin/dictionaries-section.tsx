import { Badge, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteDictionary, uploadDictionary } from '../../../../api/contract/dictionaries-endpoints.ts';
import type { Dictionary } from '../../../../api/dictionaries.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { fileBase64 } from '../../components/file-base64.ts';
import { FormField } from '../../components/form-field.tsx';
import { InlineForm } from '../../kit/inline-form.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { FORM_KEYS, useDictionaries } from './forms-queries.ts';

/**
 * Dictionaries (R-DICTIONARIES): the shipped one and those uploaded from Excel, each with its word count and the
 * forms using it (R-DICTIONARY-IN-USE: one in use cannot be deleted; the server says so in the confirm dialog).
 */
export function DictionariesSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const dictionaries = useDictionaries();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const upload = useMutation({
    mutationFn: async () =>
      api.call(uploadDictionary, {
        body: { name, fileName: file?.name ?? '', content: file ? await fileBase64(file) : '' },
      }),
    onSuccess: (created) => {
      setName('');
      setFile(undefined);
      refresh([FORM_KEYS.dictionaries]);
      toaster.create({
        type: 'success',
        title: t('dictionary.uploaded', { name: created.name, count: created.words }),
      });
    },
  });
  const remove = useConfirm({
    run: (dictionary: Dictionary) => api.call(deleteDictionary, { params: { id: dictionary.id } }),
    done: () => refresh([FORM_KEYS.dictionaries]),
    title: t('app.delete'),
    body: (dictionary) => t('dictionary.deleteConfirm', { name: dictionary.name }),
    confirmLabel: t('app.delete'),
  });
  return (
    <ListSection
      toolbar={
        <Stack gap="2" width="full">
          <Text fontWeight="semibold">{t('dictionary.uploadTitle')}</Text>
          <InlineForm
            onSend={() => upload.mutate()}
            submitLabel={t('dictionary.upload')}
            busy={upload.isPending}
            main={<FormField name="name" label={t('field.name')} value={name} onValue={setName} required />}
          >
            <Field.Root width="auto">
              <Field.Label>{t('dictionary.file')}</Field.Label>
              <Input
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                pt="1.5"
                onChange={(event) => setFile(event.target.files?.[0])}
              />
              <Field.HelperText>{t('dictionary.uploadHint')}</Field.HelperText>
            </Field.Root>
          </InlineForm>
          <ErrorAlert error={upload.error} />
        </Stack>
      }
      query={dictionaries}
      empty={t('dictionary.empty')}
      rowKey={(dictionary) => dictionary.id}
      columns={[
        {
          header: t('field.name'),
          cell: (dictionary) => (
            <>
              {dictionary.name}
              {dictionary.shipped && (
                <Badge ml="2" colorPalette="teal">
                  {t('dictionary.shipped')}
                </Badge>
              )}
            </>
          ),
          props: { fontWeight: 'medium' },
        },
        { header: t('dictionary.words'), cell: (dictionary) => dictionary.words.toLocaleString() },
        { header: t('dictionary.usedBy'), cell: (dictionary) => dictionary.usedBy.join(', ') },
      ]}
      actions={(dictionary) => (
        <RowButton
          danger
          text={t('app.delete')}
          label={`${t('app.delete')} ${dictionary.name}`}
          onClick={() => remove.ask(dictionary)}
        />
      )}
    >
      {remove.dialog}
    </ListSection>
  );
}
