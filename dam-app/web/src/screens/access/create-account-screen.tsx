import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { createAccountSchema } from '../../../../api/accounts.ts';
import { createAccount } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { Link } from '../../components/link.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { emptyProfile } from '../account/profile-fields.tsx';
import { NewAccountFields, newAccountBody } from './new-account-fields.tsx';

export const screen = defineScreen('create-account', { codec: path('/create-account'), access: 'public' });
export const draw: Draw<'create-account'> = () => <CreateAccountScreen />;

/** Create account: the server mails an activation code, which the Activation code screen takes. */
export function CreateAccountScreen() {
  const { t } = usePreferences();
  const form = useForm({ username: '', password: '', confirm: '', profile: emptyProfile() }, { guard: true });
  const create = useMutation({
    mutationFn: (body: z.input<typeof createAccountSchema>) => api.call(createAccount, { body }),
    onSuccess: ({ username }) => {
      form.markSaved();
      navigate({ name: 'activate', username }, { force: true });
    },
    onError: form.fail,
  });
  const submit = () => {
    const body = newAccountBody(form.values);
    if (form.check(createAccountSchema, body)) create.mutate(body);
  };
  return (
    <PageCard
      title={t('create.title')}
      intro={t('create.intro')}
      onSubmit={submit}
      width="4xl"
      footer={<Link to={{ name: 'login' }}>{t('forgot.back')}</Link>}
    >
      <NewAccountFields form={form} />
      <SubmitButton loading={create.isPending} alignSelf="flex-start">
        {t('create.submit')}
      </SubmitButton>
    </PageCard>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
