import { useMutation } from '@tanstack/react-query';
import { activateSchema } from '../../../../api/accounts.ts';
import { activateAccount } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';

export const screen = defineScreen('activate', {
  codec: {
    parse: ({ path: at, query }): { username?: string } | undefined => {
      if (at !== 'activate' && at !== '/activate') return undefined;
      const username = query.get('username');
      return username ? { username } : {};
    },
    href: ({ username }) => (username ? `#activate?username=${encodeURIComponent(username)}` : '#activate'),
  },
  access: 'public',
});
export const draw: Draw<'activate'> = (route) => <ActivateScreen username={route.username} />;

/** Activation code (R-SCREEN-LABELS), from the mailed link `/#activate` or straight after Create account. */
export function ActivateScreen({ username = '' }: { username?: string }) {
  const { t } = usePreferences();
  const form = useForm({ username, code: '' });
  const activate = useMutation({
    mutationFn: (body: { username: string; code: string }) => api.call(activateAccount, { body }),
    onError: form.fail,
  });
  const submit = () => {
    if (form.check(activateSchema, form.values)) activate.mutate(form.values);
  };
  return (
    <PageCard
      title={t('activate.title')}
      intro={activate.isSuccess ? undefined : t('activate.intro')}
      onSubmit={activate.isSuccess ? undefined : submit}
      footer={<Link to={{ name: 'login' }}>{t('forgot.back')}</Link>}
    >
      {username && !activate.isSuccess && <Notice status="success">{t('create.done')}</Notice>}
      {activate.isSuccess ? (
        <Notice status="success">{t('activate.done')}</Notice>
      ) : (
        <>
          <ErrorAlert error={form.formError} />
          <FormField
            {...form.field('username')}
            label={t('field.username')}
            autoComplete="username"
            required
            autoFocus={!username}
          />
          <FormField
            {...form.field('code')}
            label={t('field.code')}
            autoComplete="one-time-code"
            required
            autoFocus={Boolean(username)}
          />
          <SubmitButton loading={activate.isPending}>{t('activate.submit')}</SubmitButton>
        </>
      )}
    </PageCard>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
