import { Button, Heading, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { dictionaryWords } from '../../../../api/contract/dictionaries-endpoints.ts';
import { assetForm, saveAssetFields } from '../../../../api/contract/forms-endpoints.ts';
import { valueProblem } from '../../../../api/field-validators.ts';
import { type FormState, initialState, runRules, type WordLookup } from '../../../../api/form-rules.ts';
import {
  type FieldValues,
  type Form,
  type FormField as FormFieldSpec,
  fieldKey,
} from '../../../../api/forms.ts';
import { api } from '../../api/api-client.ts';
import { ApiFailure } from '../../api/api-failure.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Form as FormElement } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';

const formKey = (id: number) => ['asset-form', id] as const;

/** The word a text spells in a dictionary (case aside), asked of the type-ahead. */
const lookup: WordLookup = async (dictionaryId, text) =>
  (
    await api.call(dictionaryWords, { params: { id: dictionaryId }, query: { prefix: text, limit: 5 } })
  ).words.find((word) => word.toLowerCase() === text.toLowerCase());

/** A dictionary field's suggestions: the words starting with what has been typed, as the input's list. */
function DictionarySuggestions({
  id,
  dictionaryId,
  prefix,
}: {
  id: string;
  dictionaryId: number;
  prefix: string;
}) {
  const words = useQuery({
    queryKey: ['dictionary-words', dictionaryId, prefix],
    queryFn: ({ signal }) =>
      api.call(dictionaryWords, { params: { id: dictionaryId }, query: { prefix, limit: 20 }, signal }),
    enabled: prefix.trim().length > 0,
    staleTime: 60_000,
  });
  return (
    <datalist id={id}>
      {words.data?.words.map((word) => (
        <option key={word} value={word} />
      ))}
    </datalist>
  );
}

/**
 * The metadata form (R-FORMS) the asset's folder uses in the asset view: its tabs and fields, its On Load and On Change
 * rules run here, each value checked by the same validator the server runs again on save (On Submit and On Post Save
 * rules run there). Nothing shows when no form is assigned.
 */
export function AssetFormPanel({ assetId, editable }: { assetId: number; editable: boolean }) {
  const query = useQuery({
    queryKey: formKey(assetId),
    queryFn: ({ signal }) => api.call(assetForm, { params: { id: assetId }, query: { use: 'view' }, signal }),
  });
  if (!query.data?.form) return null;
  return (
    <FilledForm assetId={assetId} form={query.data.form} stored={query.data.values} editable={editable} />
  );
}

function FilledForm(props: { assetId: number; form: Form; stored: FieldValues; editable: boolean }) {
  const { form, assetId } = props;
  const { t, message } = usePreferences();
  const client = useQueryClient();
  const [state, setState] = useState<FormState | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>();

  useEffect(() => {
    let live = true;
    void runRules(form, 'load', initialState(form, props.stored), { lookup }).then((loaded) => {
      if (live) setState(loaded);
    });
    return () => {
      live = false;
    };
  }, [form, props.stored]);

  const save = useMutation({
    mutationFn: (values: FieldValues) =>
      api.call(saveAssetFields, { params: { id: assetId }, body: { values } }),
    onSuccess: (saved) => {
      client.setQueryData(formKey(assetId), saved);
      toaster.create({ type: 'success', title: t('app.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiFailure && Object.keys(error.fields).length) setErrors(error.fields);
      else setFormError(error);
    },
  });

  if (!state) return null;
  const change = async (key: string, value: string) => {
    const typed = { ...state, values: { ...state.values, [key]: value } };
    setState(typed);
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setState(await runRules(form, 'change', typed, { changed: key, lookup }));
  };
  const problemOf = (field: FormFieldSpec) => {
    const key = fieldKey(field);
    const validator = state.required.has(key) ? { ...field.validator, notEmpty: true } : field.validator;
    return valueProblem(validator, state.values[key] ?? '');
  };
  const submit = () => {
    setFormError(undefined);
    const found = Object.fromEntries(
      form.tabs
        .flatMap((tab) => tab.fields)
        .filter((field) => !state.hidden.has(fieldKey(field)))
        .map((field) => [fieldKey(field), problemOf(field)] as const)
        .filter(([, problem]) => problem !== undefined),
    ) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length) return;
    const keys = new Set(form.tabs.flatMap((tab) => tab.fields.map(fieldKey)));
    save.mutate(Object.fromEntries(Object.entries(state.values).filter(([key]) => keys.has(key))));
  };
  const fieldOf = (field: FormFieldSpec) => {
    const key = fieldKey(field);
    if (state.hidden.has(key)) return null;
    const { kind, dictionaryId } = field.validator;
    const listId = `words-${assetId}-${field.property}`;
    const dictionary =
      (kind === 'SuggestDictionary' || kind === 'ForceDictionary') && dictionaryId !== undefined;
    const value = state.values[key] ?? '';
    return (
      <Stack key={key} gap="0">
        <FormField
          name={key}
          label={field.label}
          value={value}
          onValue={(next) => void change(key, next)}
          error={errors[key] === undefined ? undefined : message(errors[key])}
          required={state.required.has(key)}
          multiline={field.multiline || kind === 'DataBlock'}
          rows={kind === 'DataBlock' ? 5 : 3}
          readOnly={!props.editable}
          list={dictionary ? listId : undefined}
          autoComplete={dictionary ? 'off' : undefined}
          inputMode={
            kind.startsWith('Integer') || kind === 'Long' || kind === 'AssetReference' ? 'decimal' : undefined
          }
          type={kind === 'EMail' ? 'email' : kind === 'Phone' ? 'tel' : 'text'}
        />
        {dictionary && <DictionarySuggestions id={listId} dictionaryId={dictionaryId} prefix={value} />}
      </Stack>
    );
  };
  return (
    <FormElement onSend={submit} aria-label={t('assets.formTitle', { name: form.name })} mt="6">
      <Heading as="h2" size="md" mb="3">
        {t('assets.formTitle', { name: form.name })}
      </Heading>
      <ErrorAlert error={formError} />
      <Tabs.Root defaultValue="0" variant="enclosed" size="sm">
        <Tabs.List>
          {form.tabs.map((tab, index) => (
            <Tabs.Trigger key={tab.name} value={String(index)}>
              {tab.name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {form.tabs.map((tab, index) => (
          <Tabs.Content key={tab.name} value={String(index)}>
            <Stack gap="3">{tab.fields.map(fieldOf)}</Stack>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {props.editable && (
        <HStack mt="3">
          <SubmitButton loading={save.isPending}>{t('app.save')}</SubmitButton>
          <Button
            variant="outline"
            onClick={() => void client.invalidateQueries({ queryKey: formKey(assetId) })}
          >
            {t('assets.discard')}
          </Button>
        </HStack>
      )}
    </FormElement>
  );
}
