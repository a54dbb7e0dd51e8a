import { Button, SimpleGrid } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { createAccountSchema } from '../../../../api/accounts.ts';
import { createAccount } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { useForm } from '../../components/use-form.ts';
import { navigate } from '../../router/use-route.ts';
import { emptyProfile, ProfileFields } from '../account/profile-fields.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

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
    const body = {
      username: form.values.username,
      password: form.values.password,
      confirm: form.values.confirm,
      profile: form.values.profile,
    };
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
      <ErrorAlert error={form.formError} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField
          label={t('field.username')}
          value={form.values.username}
          onValue={(value) => form.set('username', value)}
          name="username"
          error={form.errors.username}
          autoComplete="username"
          required
          autoFocus
        />
        <NewPasswordFields
          label={t('field.password')}
          password={form.values.password}
          confirm={form.values.confirm}
          errors={form.errors}
          onPassword={(value) => form.set('password', value)}
          onConfirm={(value) => form.set('confirm', value)}
        />
      </SimpleGrid>
      <ProfileFields
        values={form.values.profile}
        errors={form.errors}
        prefix="profile."
        onChange={(field, value) => form.set('profile', { ...form.values.profile, [field]: value })}
      />
      <Button type="submit" colorPalette="teal" loading={create.isPending} alignSelf="flex-start">
        {t('create.submit')}
      </Button>
    </PageCard>
  );
}
