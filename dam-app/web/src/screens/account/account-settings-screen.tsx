import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { profileSchema, type UserView } from '../../../../api/accounts.ts';
import { getAccount, updateAccount } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { SESSION_KEY } from '../../api/session.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { NotificationSettingsSection } from '../notifications/notification-settings-section.tsx';
import { ProfileFields, profileValues } from './profile-fields.tsx';

export const screen = defineScreen('account', {
  codec: path('/account'),
  nav: { menu: 'user', label: 'shell.accountSettings', order: 2 },
});
export const draw: Draw<'account'> = () => <AccountSettingsScreen />;

const accountBody = z.strictObject({ profile: profileSchema });

/** User account settings: every user field of R-USER-FIELDS (the username is fixed; the password has its own screen). */
export function AccountSettingsScreen() {
  const { t } = usePreferences();
  const account = useQuery({
    queryKey: ['account'],
    queryFn: ({ signal }) => api.call(getAccount, { signal }),
  });
  return (
    <Stack gap="4" maxWidth="5xl">
      <ScreenHeader title={t('account.title')} />
      {account.isPending && <ListSkeleton rows={6} />}
      {account.isError && <ErrorAlert error={account.error} />}
      {account.data && <AccountForm account={account.data} />}
      <NotificationSettingsSection />
    </Stack>
  );
}

function AccountForm({ account }: { account: UserView }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const form = useForm({ profile: profileValues(account.profile) }, { guard: true });
  const { reset } = form;
  useEffect(() => reset({ profile: profileValues(account.profile) }), [account, reset]);
  const save = useMutation({
    mutationFn: (body: z.input<typeof accountBody>) => api.call(updateAccount, { body }),
    onSuccess: (user) => {
      client.setQueryData(['account'], user);
      void client.invalidateQueries({ queryKey: SESSION_KEY });
      toaster.create({ type: 'success', title: t('app.saved') });
    },
    onError: form.fail,
  });
  const submit = () => {
    const body = { profile: form.values.profile };
    if (form.check(accountBody, body)) save.mutate(body);
  };
  return (
    <Form display="flex" flexDirection="column" gap="5" onSend={submit}>
      <Text>
        {t('field.username')}: <strong>{account.username}</strong>
      </Text>
      <ErrorAlert error={form.formError} />
      <ProfileFields
        values={form.values.profile}
        errors={form.errors}
        prefix="profile."
        onChange={(field, value) => form.set('profile', { ...form.values.profile, [field]: value })}
      />
      <Flex gap="2">
        <SubmitButton loading={save.isPending} disabled={!form.dirty}>
          {t('app.save')}
        </SubmitButton>
        <Button
          variant="outline"
          disabled={!form.dirty}
          onClick={() => reset({ profile: profileValues(account.profile) })}
        >
          {t('app.cancel')}
        </Button>
      </Flex>
    </Form>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
