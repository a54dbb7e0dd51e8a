import { useMutation } from '@tanstack/react-query';
import { forgotPasswordSchema } from '../../../../api/accounts.ts';
import { forgotPassword } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';

export const screen = defineScreen('forgot-password', { codec: path('/forgot-password'), access: 'public' });
export const draw: Draw<'forgot-password'> = () => <ForgotPasswordScreen />;

/** Forgot password: the server answers alike whether or not the account exists, and so does this screen. */
export function ForgotPasswordScreen() {
  const { t } = usePreferences();
  const form = useForm({ login: '' });
  const send = useMutation({
    mutationFn: (body: { username?: string; email?: string }) => api.call(forgotPassword, { body }),
    onError: form.fail,
  });
  const submit = () => {
    const name = form.values.login.trim();
    const body = name.includes('@') ? { email: name } : { username: name };
    if (form.check(forgotPasswordSchema, body)) send.mutate(body);
  };
  return (
    <PageCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      onSubmit={submit}
      footer={<Link to={{ name: 'login' }}>{t('forgot.back')}</Link>}
    >
      {send.isSuccess ? (
        <Notice status="success">{t('forgot.sent')}</Notice>
      ) : (
        <>
          <ErrorAlert error={form.formError} />
          <FormField
            label={t('field.usernameOrEmail')}
            value={form.values.login}
            onValue={(value) => form.set('login', value)}
            name="login"
            error={form.errors.username ?? form.errors.email}
            autoComplete="username"
            autoFocus
          />
          <SubmitButton loading={send.isPending}>{t('forgot.submit')}</SubmitButton>
        </>
      )}
    </PageCard>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
