import { HStack, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { loginSchema } from '../../../../api/accounts.ts';
import { logIn } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { useSetSession } from '../../api/session.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';

export const screen = defineScreen('login', { codec: path('/login'), access: 'public' });
export const draw: Draw<'login'> = (_, { timedOut }) => <LoginScreen timedOut={timedOut} />;

/** Login (R-SCREEN-LABELS, R-LOGIN-NAME-OR-EMAIL): by username or by email — one field takes either, "@" says which. */
export function LoginScreen({ timedOut = false, notice }: { timedOut?: boolean; notice?: string }) {
  const { t, spec } = usePreferences();
  const setSession = useSetSession();
  const form = useForm({ login: '', password: '' });
  const login = useMutation({
    mutationFn: (body: { username?: string; email?: string; password: string }) => api.call(logIn, { body }),
    onSuccess: (session) => {
      setSession(session);
      if (!window.location.hash.startsWith('#/') || window.location.hash === '#/login')
        navigate({ name: 'home' }, { replace: true });
    },
    onError: form.fail,
  });
  const submit = () => {
    const name = form.values.login.trim();
    const body = {
      ...(name.includes('@') ? { email: name } : { username: name }),
      password: form.values.password,
    };
    const valid = form.check(loginSchema, body);
    if (valid) login.mutate(body);
  };
  const loginError = form.errors.username ?? form.errors.email;
  return (
    <PageCard
      title={t('login.title')}
      onSubmit={submit}
      footer={
        <Stack gap="2" width="full">
          <Link to={{ name: 'forgot-password' }}>{t('login.forgot')}</Link>
          <HStack gap="4" wrap="wrap">
            <Link to={{ name: 'create-account' }}>{t('login.create')}</Link>
            <Link to={{ name: 'activate' }}>{t('login.activate')}</Link>
          </HStack>
        </Stack>
      }
    >
      {timedOut && <Notice status="warning">{spec('sessionTimedOut')}</Notice>}
      {notice && <Notice status="success">{notice}</Notice>}
      <ErrorAlert error={form.formError} />
      <FormField
        label={t('field.usernameOrEmail')}
        value={form.values.login}
        onValue={(value) => form.set('login', value)}
        error={loginError}
        autoComplete="username"
        autoFocus
        name="login"
      />
      <FormField
        {...form.field('password')}
        label={t('field.password')}
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton loading={login.isPending}>{t('login.submit')}</SubmitButton>
    </PageCard>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
