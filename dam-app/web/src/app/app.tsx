import { Button, Dialog, Portal, Skeleton, Stack } from '@chakra-ui/react';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import { api } from '../api/api-client.ts';
import { useSession } from '../api/session.ts';
import { ErrorAlert } from '../components/feedback.tsx';
import { Link } from '../components/link.tsx';
import { PUBLIC_ROUTES, parseRoute, type Route } from '../router/parse-route.ts';
import { redirect, useRoute } from '../router/use-route.ts';
import { Blocker, ReloadButton } from './blocker.tsx';
import { usePreferences } from './preferences.tsx';
import * as Screens from './screens.ts';

if (typeof window !== 'undefined') {
  const first = parseRoute(window.location.hash);
  if (!PUBLIC_ROUTES.has(first.name)) Screens.preloadSignedIn(first.name);
}

/** Screens drawn beside the Places tree. */
const WITH_PLACES = new Set<Route['name']>(['home', 'folder', 'search', 'saved-searches', 'taxonomy']);

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

  return (
    <Suspense fallback={<PageSkeleton />}>
      {PUBLIC_ROUTES.has(route.name) && !(route.name === 'login' && session) ? (
        publicScreen(route, state.data.timedOut)
      ) : session ? (
        <Screens.AppShell session={session} places={WITH_PLACES.has(route.name)}>
          <Suspense fallback={<PageSkeleton />}>{signedInScreen(route, session)}</Suspense>
        </Screens.AppShell>
      ) : (
        <Screens.LoginScreen timedOut={state.data.timedOut} />
      )}
      <SessionTimedOut open={timedOut} />
    </Suspense>
  );
}

function publicScreen(route: Route, timedOut: boolean): ReactNode {
  switch (route.name) {
    case 'forgot-password':
      return <Screens.ForgotPasswordScreen />;
    case 'reset-password':
      return <Screens.ResetPasswordScreen token={route.token} />;
    case 'create-account':
      return <Screens.CreateAccountScreen />;
    case 'activate':
      return <Screens.ActivateScreen username={route.username} />;
    case 'invitation':
      return <Screens.InvitationScreen id={route.id} />;
    default:
      return <Screens.LoginScreen timedOut={timedOut} />;
  }
}

function signedInScreen(route: Route, session: SessionView): ReactNode {
  switch (route.name) {
    case 'account':
      return <Screens.AccountSettingsScreen />;
    case 'api-keys':
      return <Screens.ApiKeysScreen />;
    case 'change-password':
      return <Screens.ChangePasswordScreen />;
    case 'admin':
      return <Screens.AdminScreen session={session} section={route.section} />;
    case 'folder':
      return <Screens.FolderScreen key={route.id} session={session} id={route.id} view={route.view} />;
    case 'search':
      return (
        <Screens.SearchScreen
          key={`${route.saved ?? ''}|${route.keyword ?? ''}`}
          session={session}
          query={route.query}
          folderId={route.folderId}
          saved={route.saved}
          keyword={route.keyword}
        />
      );
    case 'saved-searches':
      return <Screens.SavedSearchesScreen session={session} />;
    case 'taxonomy':
      return <Screens.TaxonomyScreen session={session} />;
    case 'asset':
      return <Screens.AssetScreen key={route.id} session={session} id={route.id} tab={route.tab} />;
    case 'compare':
      return <Screens.CompareScreen id={route.id} left={route.left} right={route.right} />;
    case 'collections':
      return <Screens.CollectionsScreen session={session} />;
    case 'collection':
      return <Screens.CollectionScreen key={route.id} session={session} id={route.id} />;
    case 'carts':
      return <Screens.CartsScreen session={session} />;
    case 'loading-dock':
      return <Screens.LoadingDockScreen session={session} />;
    case 'not-found':
      return <NotFound />;
    default:
      return <Screens.HomeScreen session={session} />;
  }
}

function NotFound() {
  const { t } = usePreferences();
  return (
    <Stack gap="3" align="flex-start">
      <ErrorAlert error={t('app.notFound')} />
      <Link to={{ name: 'home' }}>{t('app.home')}</Link>
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
    <Dialog.Root
      role="alertdialog"
      open={open}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{spec('sessionTimedOut')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Footer>
              <Button colorPalette="teal" onClick={() => window.location.reload()}>
                {t('app.reload')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
