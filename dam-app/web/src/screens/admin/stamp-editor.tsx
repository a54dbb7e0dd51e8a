import { Button, HStack, Stack } from '@chakra-ui/react';
import { createStamp, updateStamp } from '../../../../api/contract/stamps-endpoints.ts';
import { fieldKey } from '../../../../api/forms.ts';
import { type SaveStamp, type Stamp, saveStampSchema } from '../../../../api/stamps.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { useSave } from '../../kit/use-save.ts';
import { useForms } from './forms-queries.ts';
import { STAMP_KEYS } from './stamps-queries.ts';

/**
 * A stamp's editor (R-STAMP): its name and its values, each a field of a metadata form and the value stamped; a field
 * named twice is refused ("The field is already added.") by the shared schema before sending.
 */
export function StampEditor({ stamp: saved, onClose }: { stamp?: Stamp | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const form = useForm(
    { name: saved?.name ?? '', values: saved?.values ?? [{ key: '', value: '' }] },
    { guard: true },
  );
  const { values } = form;
  const forms = useForms();
  const fieldChoices = [
    ...new Map(
      (forms.data ?? []).flatMap((each) =>
        each.tabs.flatMap((tab) =>
          tab.fields.map((field) => [
            fieldKey(field),
            { value: fieldKey(field), label: `${field.label} (${each.name})` },
          ]),
        ),
      ),
    ).values(),
  ];
  const save = useSave({
    form,
    save: (body: SaveStamp) =>
      saved ? api.call(updateStamp, { params: { id: saved.id }, body }) : api.call(createStamp, { body }),
    refresh: [STAMP_KEYS.stamps],
    nameOf: (result) => result.name,
    onSaved: onClose,
  });
  const setRow = (index: number, change: Partial<SaveStamp['values'][number]>) =>
    form.set(
      'values',
      values.values.map((row, at) => (at === index ? { ...row, ...change } : row)),
    );
  const submit = () => {
    const body = form.check(saveStampSchema, values);
    if (body) save.mutate(body);
  };
  return (
    <EditorDrawer
      open
      title={saved ? t('stamp.edit', { name: saved.name }) : t('stamp.new')}
      busy={save.isPending}
      submitLabel={saved ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError ?? form.errors._} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      {values.values.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draft row is its position; removing one re-mounts those after it
        <Stack key={index} as="fieldset" gap="2" borderWidth="1px" rounded="md" p="3">
          <SelectField
            label={t('stamp.field', { n: index + 1 })}
            name={`values.${index}.key`}
            value={row.key}
            none={t('stamp.chooseField')}
            choices={fieldChoices}
            onValue={(key) => setRow(index, { key })}
            error={form.errors[`values.${index}.key`]}
          />
          <HStack align="flex-end">
            <FormField
              name={`values.${index}.value`}
              label={t('stamp.value', { n: index + 1 })}
              value={row.value}
              onValue={(value) => setRow(index, { value })}
              error={form.errors[`values.${index}.value`]}
            />
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={values.values.length === 1}
              onClick={() =>
                form.set(
                  'values',
                  values.values.filter((_, at) => at !== index),
                )
              }
            >
              {t('stamp.removeField', { n: index + 1 })}
            </Button>
          </HStack>
        </Stack>
      ))}
      <Button
        variant="outline"
        alignSelf="flex-start"
        onClick={() => form.set('values', [...values.values, { key: '', value: '' }])}
      >
        {t('stamp.addField')}
      </Button>
    </EditorDrawer>
  );
}
