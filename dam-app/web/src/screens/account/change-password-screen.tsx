import { useMutation } from '@tanstack/react-query';
import { changePasswordSchema } from '../../../../api/accounts.ts';
import { changePassword } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { NewPasswordFields } from '../access/new-password-fields.tsx';

export const screen = defineScreen('change-password', {
  codec: path('/change-password'),
  nav: { menu: 'user', label: 'shell.changePassword', order: 1 },
});
export const draw: Draw<'change-password'> = () => <ChangePasswordScreen />;

const EMPTY = { oldPassword: '', password: '', confirm: '' };

/** Change password: the old one, the new one twice; the server ends the account's other sessions. */
export function ChangePasswordScreen() {
  const { t } = usePreferences();
  const form = useForm(EMPTY, { guard: true });
  const change = useMutation({
    mutationFn: (body: typeof EMPTY) => api.call(changePassword, { body }),
    onSuccess: () => {
      form.reset(EMPTY);
      toaster.create({ type: 'success', title: t('change.done') });
    },
    onError: form.fail,
  });
  const submit = () => {
    if (form.check(changePasswordSchema, form.values)) change.mutate(form.values);
  };
  return (
    <Form display="flex" flexDirection="column" gap="4" maxWidth="md" onSend={submit}>
      <ScreenHeader title={t('change.title')} />
      <ErrorAlert error={form.formError} />
      <FormField
        {...form.field('oldPassword')}
        label={t('field.oldPassword')}
        type="password"
        autoComplete="current-password"
        required
        autoFocus
      />
      <NewPasswordFields
        password={form.values.password}
        confirm={form.values.confirm}
        errors={form.errors}
        onPassword={(value) => form.set('password', value)}
        onConfirm={(value) => form.set('confirm', value)}
      />
      <SubmitButton loading={change.isPending} alignSelf="flex-start">
        {t('change.submit')}
      </SubmitButton>
    </Form>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
