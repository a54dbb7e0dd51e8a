import { type ComponentType, lazy, type ReactNode } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import { addressOf, type Route, type RouteName, type RouteOf } from '../router/routes.ts';

type App = { session: SessionView; timedOut: boolean };

interface Drawing<K extends RouteName, C> {
  load(): Promise<C>;
  render(Screen: C, route: RouteOf<K>, app: App): ReactNode;
  /** Fetched while the session is still being checked, when the address names this screen. */
  preload?: () => Promise<unknown>;
}

/** The drawing of the screen named: its chunk (every screen is one, React.lazy) and how it is drawn. */
function screen<K extends RouteName, C extends ComponentType<never>>(_name: K, entry: Drawing<K, C>) {
  const Screen = lazy(async () => ({ default: (await entry.load()) as unknown as ComponentType<object> }));
  return { ...entry, Screen: Screen as unknown as C };
}

/**
 * The screen that draws each route of `router/routes.ts` (its address, access and menu entry are there); the one
 * place that imports the screens, each as its own chunk.
 */
export const SCREENS = {
  home: screen('home', {
    preload: () => import('../screens/browse/folder-screen.tsx'),
    load: () => import('../screens/shell/home-screen.tsx').then((m) => m.HomeScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  login: screen('login', {
    load: () => import('../screens/access/login-screen.tsx').then((m) => m.LoginScreen),
    render: (Screen, _, { timedOut }) => <Screen timedOut={timedOut} />,
  }),
  'forgot-password': screen('forgot-password', {
    load: () => import('../screens/access/forgot-password-screen.tsx').then((m) => m.ForgotPasswordScreen),
    render: (Screen) => <Screen />,
  }),
  'reset-password': screen('reset-password', {
    load: () => import('../screens/access/reset-password-screen.tsx').then((m) => m.ResetPasswordScreen),
    render: (Screen, route) => <Screen token={route.token} />,
  }),
  'create-account': screen('create-account', {
    load: () => import('../screens/access/create-account-screen.tsx').then((m) => m.CreateAccountScreen),
    render: (Screen) => <Screen />,
  }),
  activate: screen('activate', {
    load: () => import('../screens/access/activate-screen.tsx').then((m) => m.ActivateScreen),
    render: (Screen, route) => <Screen username={route.username} />,
  }),
  invitation: screen('invitation', {
    load: () => import('../screens/access/invitation-screen.tsx').then((m) => m.InvitationScreen),
    render: (Screen, route) => <Screen id={route.id} />,
  }),
  'change-password': screen('change-password', {
    load: () => import('../screens/account/change-password-screen.tsx').then((m) => m.ChangePasswordScreen),
    render: (Screen) => <Screen />,
  }),
  account: screen('account', {
    load: () => import('../screens/account/account-settings-screen.tsx').then((m) => m.AccountSettingsScreen),
    render: (Screen) => <Screen />,
  }),
  'api-keys': screen('api-keys', {
    load: () => import('../screens/account/api-keys-screen.tsx').then((m) => m.ApiKeysScreen),
    render: (Screen) => <Screen />,
  }),
  admin: screen('admin', {
    load: () => import('../screens/admin/admin-screen.tsx').then((m) => m.AdminScreen),
    render: (Screen, route) => <Screen section={route.section} />,
  }),
  folder: screen('folder', {
    preload: () => import('../screens/browse/folder-screen.tsx'),
    load: () => import('../screens/browse/folder-screen.tsx').then((m) => m.FolderScreen),
    render: (Screen, route, { session }) => (
      <Screen key={route.id} session={session} id={route.id} view={route.view} />
    ),
  }),
  search: screen('search', {
    preload: () => import('../screens/search/search-screen.tsx'),
    load: () => import('../screens/search/search-screen.tsx').then((m) => m.SearchScreen),
    render: (Screen, route, { session }) => (
      <Screen
        key={`${route.saved ?? ''}|${route.keyword ?? ''}`}
        session={session}
        query={route.query}
        folderId={route.folderId}
        saved={route.saved}
        keyword={route.keyword}
      />
    ),
  }),
  'saved-searches': screen('saved-searches', {
    load: () => import('../screens/search/saved-searches-screen.tsx').then((m) => m.SavedSearchesScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  taxonomy: screen('taxonomy', {
    load: () => import('../screens/search/taxonomy-screen.tsx').then((m) => m.TaxonomyScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  asset: screen('asset', {
    load: () => import('../screens/assets/asset-screen.tsx').then((m) => m.AssetScreen),
    render: (Screen, route, { session }) => (
      <Screen key={route.id} session={session} id={route.id} tab={route.tab} />
    ),
  }),
  compare: screen('compare', {
    load: () => import('../screens/assets/compare-screen.tsx').then((m) => m.CompareScreen),
    render: (Screen, route) => <Screen id={route.id} left={route.left} right={route.right} />,
  }),
  collections: screen('collections', {
    load: () => import('../screens/working-sets/collections-screen.tsx').then((m) => m.CollectionsScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  collection: screen('collection', {
    load: () => import('../screens/working-sets/collection-screen.tsx').then((m) => m.CollectionScreen),
    render: (Screen, route, { session }) => <Screen key={route.id} session={session} id={route.id} />,
  }),
  carts: screen('carts', {
    load: () => import('../screens/working-sets/carts-screen.tsx').then((m) => m.CartsScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  'loading-dock': screen('loading-dock', {
    load: () => import('../screens/working-sets/loading-dock-screen.tsx').then((m) => m.LoadingDockScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  /** Any hash no other screen reads; never matched, only fallen back to. */
  'not-found': screen('not-found', {
    load: () => import('../screens/shell/not-found-screen.tsx').then((m) => m.NotFoundScreen),
    render: (Screen) => <Screen />,
  }),
} satisfies { [K in RouteName]: { render(Screen: never, route: RouteOf<K>, app: App): ReactNode } };

/** The entry of a route's screen: its address and its drawing. */
export const screenOf = (name: RouteName) => ({
  ...addressOf(name),
  ...(SCREENS[name] as unknown as Drawing<RouteName, ComponentType> & { Screen: ComponentType }),
});

/** Draws a route's screen. Public screens never read `session`, the only ones drawn while nobody is signed in. */
export function renderRoute(route: Route, session: SessionView | null, timedOut: boolean): ReactNode {
  const entry = screenOf(route.name);
  return entry.render(entry.Screen, route as never, { session: session as SessionView, timedOut });
}

/**
 * Starts loading the shell and the library screen the address names while the session is still being checked, so
 * that a bookmarked folder does not wait for one chunk after another.
 */
export function preloadSignedIn(name: RouteName): void {
  void import('../screens/shell/app-shell.tsx');
  void screenOf(name).preload?.();
}
