import { Button, Skeleton, Stack } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../api/api-client.ts';
import { useSession } from '../api/session.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { Modal } from '../components/modal.tsx';
import { ScreenHeader } from '../components/screen-header.tsx';
import type { MessageKey } from '../i18n/messages-en.ts';
import { addressOf, isPublic, parseRoute } from '../router/routes.ts';
import { Blocker, ReloadButton } from './blocker.tsx';
import { usePreferences } from './preferences.tsx';
import { preloadSignedIn, renderRoute } from './routes.tsx';
import { redirect, useRoute } from './use-route.ts';

if (typeof window !== 'undefined') {
  const first = parseRoute(window.location.hash);
  if (!isPublic(first.name)) preloadSignedIn(first.name);
}

const AppShell = lazy(() => import('../screens/shell/app-shell.tsx').then((m) => ({ default: m.AppShell })));
function PageSkeleton() {
  const { t } = usePreferences();
  return (
    <Stack gap="4" p="6" aria-busy="true" aria-label={t('app.loading')}>
      <Skeleton height="10" />
      <Skeleton height="40" />
      <Skeleton height="10" width="60%" />
    </Stack>
  );
}

/** The app: which screen the hash names, for who is signed in; R-BLOCKING-STATES blocking states before anything else. */
export function App() {
  const { t, spec } = usePreferences();
  const route = useRoute();
  const state = useSession();
  const session = state.data?.session ?? null;
  const timedOut = useSessionTimeout(session !== null);

  useEffect(() => {
    if (route.name === 'login' && session) redirect('login', { name: 'home' });
  }, [route.name, session]);

  if (!navigator.cookieEnabled) return <Blocker title={spec('cookiesDisabled')} />;
  if (state.isPending) return <PageSkeleton />;
  if (state.isError)
    return (
      <Blocker title={t('app.networkError')} action={<ReloadButton />}>
        <ErrorAlert error={state.error} />
      </Blocker>
    );

  const screen = addressOf(route.name);
  const timedOutBefore = state.data.timedOut;
  // Signed in at #/login: the library's home, until the effect above has replaced the address.
  const signedInLogin = route.name === 'login' && session !== null;
  return (
    <Suspense fallback={<PageSkeleton />}>
      {screen.access === 'public' && !signedInLogin ? (
        renderRoute(route, null, timedOutBefore)
      ) : session ? (
        <AppShell session={session} places={screen.places === true}>
          <Suspense fallback={<PageSkeleton />}>
            {screen.access === 'admin' && !session.user.isAdmin ? (
              <Denied title={screen.title} />
            ) : (
              renderRoute(signedInLogin ? { name: 'home' } : route, session, timedOutBefore)
            )}
          </Suspense>
        </AppShell>
      ) : (
        renderRoute({ name: 'login' }, null, timedOutBefore)
      )}
      <SessionTimedOut open={timedOut} />
    </Suspense>
  );
}

/** A screen this person may not see (the administration, for someone who is not an administrator). */
function Denied({ title }: { title: MessageKey | undefined }) {
  const { t, spec } = usePreferences();
  return (
    <Stack gap="4" maxWidth="3xl">
      {title && <ScreenHeader title={t(title)} />}
      <ErrorAlert error={spec('notAdministrator')} />
    </Stack>
  );
}

/** True once any call answers `session_timeout` while the app believed someone was signed in. */
function useSessionTimeout(signedIn: boolean): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => (signedIn ? api.onSessionTimeout(() => setTimedOut(true)) : undefined), [signedIn]);
  return timedOut;
}

function SessionTimedOut({ open }: { open: boolean }) {
  const { t, spec } = usePreferences();
  return (
    <Modal
      role="alertdialog"
      open={open}
      blocking
      title={spec('sessionTimedOut')}
      footer={
        <Button colorPalette="teal" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      }
    />
  );
}
