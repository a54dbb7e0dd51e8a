import { Heading, Stack } from '@chakra-ui/react';
import { valueProblem } from '../../../api/field-validators.ts';
import { type FieldValues, type Form, fieldKey } from '../../../api/forms.ts';
import { usePreferences } from '../app/preferences.tsx';
import { FormField } from '../components/form-field.tsx';

/** The fields of a form, every tab in turn, as plain inputs (bulk edit and the upload ask for values this way). */
export function FormValuesFields(props: {
  form: Form;
  values: FieldValues;
  errors: Record<string, string>;
  onValue(key: string, value: string): void;
  /** The upload form: a NotEmpty field is marked required. */
  requireNotEmpty?: boolean;
}) {
  const { t, message } = usePreferences();
  return (
    <Stack gap="3" role="group" aria-label={t('assets.formTitle', { name: props.form.name })}>
      <Heading as="h3" size="sm">
        {t('assets.formTitle', { name: props.form.name })}
      </Heading>
      {props.form.tabs.flatMap((tab) =>
        tab.fields.map((field) => {
          const key = fieldKey(field);
          const { kind } = field.validator;
          return (
            <FormField
              key={key}
              name={key}
              label={field.label}
              value={props.values[key] ?? ''}
              onValue={(next) => props.onValue(key, next)}
              error={props.errors[key] === undefined ? undefined : message(props.errors[key])}
              required={props.requireNotEmpty === true && field.validator.notEmpty}
              multiline={field.multiline || kind === 'DataBlock'}
              type={kind === 'EMail' ? 'email' : kind === 'Phone' ? 'tel' : 'text'}
            />
          );
        }),
      )}
    </Stack>
  );
}

/**
 * The web's check of form values (the server checks again, with dictionaries and referenced assets): the values given,
 * or with `everyField` every field of the form, through its validator. Only the filled values are returned to send.
 */
export function checkFormValues(form: Form, values: FieldValues, everyField: boolean) {
  const problems: Record<string, string> = {};
  const filled: FieldValues = {};
  for (const field of form.tabs.flatMap((tab) => tab.fields)) {
    const key = fieldKey(field);
    const value = (values[key] ?? '').trim();
    if (value === '' && !everyField) continue;
    const problem = valueProblem(field.validator, value);
    if (problem) problems[key] = problem;
    else if (value !== '') filled[key] = value;
  }
  return { problems, filled };
}
