import { useMutation } from '@tanstack/react-query';
import { resetPasswordSchema } from '../../../../api/accounts.ts';
import { resetPassword } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { prefixed } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

export const screen = defineScreen('reset-password', {
  codec: prefixed('reset=', 'token', (token) => token.length > 0),
  access: 'public',
});
export const draw: Draw<'reset-password'> = (route) => <ResetPasswordScreen token={route.token} />;

/** Reset password, from the mailed link `/#reset=<token>`. */
export function ResetPasswordScreen({ token }: { token: string }) {
  const { t } = usePreferences();
  const form = useForm({ password: '', confirm: '' });
  const reset = useMutation({
    mutationFn: (body: { token: string; password: string; confirm: string }) =>
      api.call(resetPassword, { body }),
    onError: form.fail,
  });
  const submit = () => {
    const body = { token, ...form.values };
    if (form.check(resetPasswordSchema, body)) reset.mutate(body);
  };
  return (
    <PageCard
      title={t('reset.title')}
      onSubmit={reset.isSuccess ? undefined : submit}
      footer={<Link to={{ name: 'login' }}>{t('forgot.back')}</Link>}
    >
      {reset.isSuccess ? (
        <Notice status="success">{t('reset.done')}</Notice>
      ) : (
        <>
          <ErrorAlert error={form.formError ?? form.errors.token} />
          <NewPasswordFields
            {...form.values}
            errors={form.errors}
            onPassword={(value) => form.set('password', value)}
            onConfirm={(value) => form.set('confirm', value)}
          />
          <SubmitButton loading={reset.isPending}>{t('reset.submit')}</SubmitButton>
        </>
      )}
    </PageCard>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
