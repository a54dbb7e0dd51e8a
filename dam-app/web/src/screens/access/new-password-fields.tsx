import { usePreferences } from '../../app/preferences.tsx';
import { FormField } from '../../components/form-field.tsx';
import type { FieldErrors } from '../../components/use-form.ts';

/** The new password twice; the server's policy (R-PASSWORD-POLICY counts) answers in `fields.password`. */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  errors: FieldErrors;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  label?: string;
}) {
  const { t } = usePreferences();
  return (
    <>
      {[
        {
          name: 'password',
          label: props.label ?? t('field.newPassword'),
          value: props.password,
          onValue: props.onPassword,
        },
        { name: 'confirm', label: t('field.confirm'), value: props.confirm, onValue: props.onConfirm },
      ].map((field) => (
        <FormField
          key={field.name}
          {...field}
          type="password"
          error={props.errors[field.name]}
          autoComplete="new-password"
          required
        />
      ))}
    </>
  );
}
