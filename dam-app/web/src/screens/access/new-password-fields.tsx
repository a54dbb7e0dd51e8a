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
      <FormField
        label={props.label ?? t('field.newPassword')}
        type="password"
        value={props.password}
        onValue={props.onPassword}
        name="password"
        error={props.errors.password}
        autoComplete="new-password"
        required
      />
      <FormField
        label={t('field.confirm')}
        type="password"
        value={props.confirm}
        onValue={props.onConfirm}
        name="confirm"
        error={props.errors.confirm}
        autoComplete="new-password"
        required
      />
    </>
  );
}
