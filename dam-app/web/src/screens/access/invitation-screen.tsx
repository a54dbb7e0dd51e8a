import { Skeleton, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { acceptInvitationSchema } from '../../../../api/accounts.ts';
import { acceptInvitation, getInvitation } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { useSetSession } from '../../api/session.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { Link } from '../../components/link.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { prefixed } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { emptyProfile } from '../account/profile-fields.tsx';
import { NewAccountFields, newAccountBody } from './new-account-fields.tsx';

export const screen = defineScreen('invitation', {
  codec: prefixed('CU', 'id', (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id)),
  access: 'public',
});
export const draw: Draw<'invitation'> = (route) => <InvitationScreen id={route.id} />;

/** Invitations (R-INVITE-LINK): the link `{host}/index.html#CU<id>` opens this; accepting creates the account, signed in. */
export function InvitationScreen({ id }: { id: string }) {
  const { t } = usePreferences();
  const invitation = useQuery({
    queryKey: ['invitation', id],
    queryFn: ({ signal }) => api.call(getInvitation, { params: { id }, signal }),
    retry: false,
  });
  return (
    <PageCard
      title={t('invitation.title')}
      width="4xl"
      intro={
        invitation.data && !invitation.isError
          ? t('invitation.intro', { email: invitation.data.email })
          : undefined
      }
      footer={<Link to={{ name: 'login' }}>{t('forgot.back')}</Link>}
    >
      {invitation.isPending && (
        <Stack gap="3" aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton height="10" />
          <Skeleton height="10" />
        </Stack>
      )}
      {invitation.isError && <ErrorAlert error={invitation.error} />}
      {invitation.data && !invitation.isError && (
        <AcceptForm id={id} email={invitation.data.email} groupName={invitation.data.groupName} />
      )}
    </PageCard>
  );
}

function AcceptForm({ id, email, groupName }: { id: string; email: string; groupName: string | null }) {
  const { t } = usePreferences();
  const setSession = useSetSession();
  const form = useForm(
    { username: '', password: '', confirm: '', profile: { ...emptyProfile(), email } },
    { guard: true },
  );
  const accept = useMutation({
    mutationFn: (body: z.input<typeof acceptInvitationSchema>) =>
      api.call(acceptInvitation, { params: { id }, body }),
    onSuccess: (session) => {
      form.markSaved();
      setSession(session);
      toaster.create({ type: 'success', title: t('invitation.welcome') });
      navigate({ name: 'home' }, { replace: true, force: true });
    },
    onError: form.fail,
  });
  const submit = () => {
    const body = newAccountBody(form.values);
    if (form.check(acceptInvitationSchema, body)) accept.mutate(body);
  };
  return (
    <Form display="flex" flexDirection="column" gap="4" onSend={submit}>
      {groupName && <Notice>{t('invitation.group', { group: groupName })}</Notice>}
      <NewAccountFields form={form} required={['firstName', 'lastName']} readOnly={['email']} />
      <SubmitButton loading={accept.isPending} alignSelf="flex-start">
        {t('invitation.submit')}
      </SubmitButton>
    </Form>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
