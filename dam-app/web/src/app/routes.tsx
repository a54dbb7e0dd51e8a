import { type ComponentType, lazy, type ReactNode } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import type { MessageKey } from '../i18n/messages-en.ts';
import { hashParts, ID, path, prefixed, type RouteCodec } from '../router/route-codec.ts';

export const BROWSE_VIEWS = ['tile', 'list', 'calendar', 'text'] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];
export const ASSET_TABS = ['general', 'extended', 'versions'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];
export const ADMIN_SECTIONS = ['users', 'groups', 'acls', 'invitations', 'audit', 'outbox'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Who may see a screen: anyone, whoever is signed in, or administrators (others are told so). */
export type Access = 'public' | 'signed-in' | 'admin';
/** Where a screen is linked from: the header's working-set links, or the user menu. */
export type NavMenu = 'header' | 'user';

interface Entry<P, C> {
  codec: RouteCodec<P>;
  access: Access;
  load(): Promise<C>;
  render(Screen: C, route: P, app: { session: SessionView; timedOut: boolean }): ReactNode;
  /** The screen's name, the heading of its "not allowed" page. */
  title?: MessageKey;
  /** Drawn beside the Places tree. */
  places?: boolean;
  /** Fetched while the session is still being checked, when the address names this screen. */
  preload?: () => Promise<unknown>;
  nav?: { menu: NavMenu; label: MessageKey; params?: P; activeFor?: readonly string[] };
}

/** One screen: its address, who may see it, its chunk (every screen is one, React.lazy) and how it is drawn. */
function screen<P extends object, C extends ComponentType<never>>(entry: Entry<P, C>) {
  const Screen = lazy(async () => ({ default: (await entry.load()) as unknown as ComponentType<object> }));
  return { ...entry, Screen: Screen as unknown as C };
}

const NONE: RouteCodec<Record<never, never>> = { parse: () => undefined, href: () => '#/' };

/**
 * Every screen of the app, in the order the hash is matched. Adding a screen is adding its entry here: its path,
 * who may see it, where it is linked from, and the component that draws it.
 */
export const SCREENS = {
  home: screen({
    codec: path<Record<never, never>>('/'),
    access: 'signed-in',
    places: true,
    preload: () => import('../screens/browse/folder-screen.tsx'),
    load: () => import('../screens/shell/home-screen.tsx').then((m) => m.HomeScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  login: screen({
    codec: path<Record<never, never>>('/login'),
    access: 'public',
    load: () => import('../screens/access/login-screen.tsx').then((m) => m.LoginScreen),
    render: (Screen, _, { timedOut }) => <Screen timedOut={timedOut} />,
  }),
  'forgot-password': screen({
    codec: path<Record<never, never>>('/forgot-password'),
    access: 'public',
    load: () => import('../screens/access/forgot-password-screen.tsx').then((m) => m.ForgotPasswordScreen),
    render: (Screen) => <Screen />,
  }),
  'reset-password': screen({
    codec: prefixed('reset=', 'token', (token) => token.length > 0),
    access: 'public',
    load: () => import('../screens/access/reset-password-screen.tsx').then((m) => m.ResetPasswordScreen),
    render: (Screen, route) => <Screen token={route.token} />,
  }),
  'create-account': screen({
    codec: path<Record<never, never>>('/create-account'),
    access: 'public',
    load: () => import('../screens/access/create-account-screen.tsx').then((m) => m.CreateAccountScreen),
    render: (Screen) => <Screen />,
  }),
  activate: screen({
    codec: {
      parse: ({ path: at, query }): { username?: string } | undefined => {
        if (at !== 'activate' && at !== '/activate') return undefined;
        const username = query.get('username');
        return username ? { username } : {};
      },
      href: ({ username }) => (username ? `#activate?username=${encodeURIComponent(username)}` : '#activate'),
    },
    access: 'public',
    load: () => import('../screens/access/activate-screen.tsx').then((m) => m.ActivateScreen),
    render: (Screen, route) => <Screen username={route.username} />,
  }),
  invitation: screen({
    codec: prefixed('CU', 'id', (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id)),
    access: 'public',
    load: () => import('../screens/access/invitation-screen.tsx').then((m) => m.InvitationScreen),
    render: (Screen, route) => <Screen id={route.id} />,
  }),
  'change-password': screen({
    codec: path<Record<never, never>>('/change-password'),
    access: 'signed-in',
    nav: { menu: 'user', label: 'shell.changePassword' },
    load: () => import('../screens/account/change-password-screen.tsx').then((m) => m.ChangePasswordScreen),
    render: (Screen) => <Screen />,
  }),
  account: screen({
    codec: path<Record<never, never>>('/account'),
    access: 'signed-in',
    nav: { menu: 'user', label: 'shell.accountSettings' },
    load: () => import('../screens/account/account-settings-screen.tsx').then((m) => m.AccountSettingsScreen),
    render: (Screen) => <Screen />,
  }),
  'api-keys': screen({
    codec: path<Record<never, never>>('/api-keys'),
    access: 'signed-in',
    nav: { menu: 'user', label: 'shell.apiKeys' },
    load: () => import('../screens/account/api-keys-screen.tsx').then((m) => m.ApiKeysScreen),
    render: (Screen) => <Screen />,
  }),
  admin: screen({
    codec: path<{ section: AdminSection }>(['/admin/:section', '/admin'], {
      segments: { section: ADMIN_SECTIONS },
      defaults: { section: 'users' as const },
    }),
    access: 'admin',
    title: 'admin.title',
    nav: { menu: 'user', label: 'shell.administration', params: { section: 'users' as const } },
    load: () => import('../screens/admin/admin-screen.tsx').then((m) => m.AdminScreen),
    render: (Screen, route) => <Screen section={route.section} />,
  }),
  folder: screen({
    codec: path<{ id: number; view?: BrowseView }>('/folder/:id', { query: { view: BROWSE_VIEWS } }),
    access: 'signed-in',
    places: true,
    preload: () => import('../screens/browse/folder-screen.tsx'),
    load: () => import('../screens/browse/folder-screen.tsx').then((m) => m.FolderScreen),
    render: (Screen, route, { session }) => (
      <Screen key={route.id} session={session} id={route.id} view={route.view} />
    ),
  }),
  search: screen({
    codec: {
      parse: ({ path: at, query }) => (at === '/search' ? searchParams(query) : undefined),
      href: searchHref,
    },
    access: 'signed-in',
    places: true,
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
  'saved-searches': screen({
    codec: path<Record<never, never>>('/saved-searches'),
    access: 'signed-in',
    places: true,
    load: () => import('../screens/search/saved-searches-screen.tsx').then((m) => m.SavedSearchesScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  taxonomy: screen({
    codec: path<Record<never, never>>('/taxonomy'),
    access: 'signed-in',
    places: true,
    load: () => import('../screens/search/taxonomy-screen.tsx').then((m) => m.TaxonomyScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  asset: screen({
    codec: path<{ id: number; tab?: AssetTab }>('/asset/:id', { query: { tab: ASSET_TABS } }),
    access: 'signed-in',
    load: () => import('../screens/assets/asset-screen.tsx').then((m) => m.AssetScreen),
    render: (Screen, route, { session }) => (
      <Screen key={route.id} session={session} id={route.id} tab={route.tab} />
    ),
  }),
  compare: screen({
    codec: {
      parse: ({ path: at, query }) => {
        const match = /^\/asset\/([^/]+)\/compare$/.exec(at);
        const [id, left, right] = [match?.[1] ?? '', query.get('left') ?? '', query.get('right') ?? ''];
        return ID.test(id) && ID.test(left) && ID.test(right)
          ? { id: Number(id), left: Number(left), right: Number(right) }
          : undefined;
      },
      href: ({ id, left, right }) => `#/asset/${id}/compare?left=${left}&right=${right}`,
    },
    access: 'signed-in',
    load: () => import('../screens/assets/compare-screen.tsx').then((m) => m.CompareScreen),
    render: (Screen, route) => <Screen id={route.id} left={route.left} right={route.right} />,
  }),
  collections: screen({
    codec: path<Record<never, never>>('/collections'),
    access: 'signed-in',
    nav: { menu: 'header', label: 'collections.title', activeFor: ['collection'] },
    load: () => import('../screens/working-sets/collections-screen.tsx').then((m) => m.CollectionsScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  collection: screen({
    codec: path<{ id: number }>('/collections/:id'),
    access: 'signed-in',
    load: () => import('../screens/working-sets/collection-screen.tsx').then((m) => m.CollectionScreen),
    render: (Screen, route, { session }) => <Screen key={route.id} session={session} id={route.id} />,
  }),
  carts: screen({
    codec: path<Record<never, never>>('/carts'),
    access: 'signed-in',
    nav: { menu: 'header', label: 'carts.title' },
    load: () => import('../screens/working-sets/carts-screen.tsx').then((m) => m.CartsScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  'loading-dock': screen({
    codec: path<Record<never, never>>('/loading-dock'),
    access: 'signed-in',
    nav: { menu: 'header', label: 'dock.title' },
    load: () => import('../screens/working-sets/loading-dock-screen.tsx').then((m) => m.LoadingDockScreen),
    render: (Screen, _, { session }) => <Screen session={session} />,
  }),
  /** Any hash no other screen reads; never matched, only fallen back to. */
  'not-found': screen({
    codec: {
      parse: NONE.parse as () => { hash: string } | undefined,
      href: ({ hash }) => (hash.startsWith('#') ? hash : `#${hash}`),
    },
    access: 'signed-in',
    load: () => import('../screens/shell/not-found-screen.tsx').then((m) => m.NotFoundScreen),
    render: (Screen) => <Screen />,
  }),
};

type Screens = typeof SCREENS;
export type RouteName = keyof Screens;
type ParamsOf<K extends RouteName> = Screens[K]['codec'] extends RouteCodec<infer P> ? P : never;
/** Every screen the app can show, with its parameters, as read from the URL's hash. */
export type Route = { [K in RouteName]: { name: K } & ParamsOf<K> }[RouteName];

const NAMES = Object.keys(SCREENS) as RouteName[];

/** The route a hash (with or without its `#`) names; an unknown hash is `not-found`, never an exception. */
export function parseRoute(rawHash: string): Route {
  const parts = hashParts(rawHash);
  for (const name of NAMES) {
    const params = SCREENS[name].codec.parse(parts);
    if (params) return { name, ...params } as Route;
  }
  return { name: 'not-found', hash: rawHash };
}

/** The hash that shows a route (the inverse of {@link parseRoute}). */
export function hrefOf(route: Route): string {
  const { name, ...params } = route;
  return (SCREENS[name].codec as RouteCodec<object>).href(params);
}

/** The entry of a route's screen. */
export const screenOf = (name: RouteName) =>
  SCREENS[name] as unknown as Entry<object, ComponentType> & {
    Screen: ComponentType;
  };

/** Draws a route's screen. Public screens never read `session`, the only ones drawn while nobody is signed in. */
export function renderRoute(route: Route, session: SessionView | null, timedOut: boolean): ReactNode {
  const entry = screenOf(route.name);
  return entry.render(entry.Screen, route, { session: session as SessionView, timedOut });
}

/** Screens a person sees without being signed in. */
export const isPublic = (name: RouteName) => SCREENS[name].access === 'public';

/** The links of a menu, in table order: where each goes, its label, and the routes that show it as current. */
export function navEntries(menu: NavMenu) {
  return NAMES.flatMap((name) => {
    const { nav, access } = screenOf(name);
    if (nav?.menu !== menu) return [];
    const to = { name, ...nav.params } as Route;
    return [{ to, label: nav.label, access, activeFor: [name, ...(nav.activeFor ?? [])] as string[] }];
  });
}

/**
 * Starts loading the shell and the library screen the address names while the session is still being checked, so
 * that a bookmarked folder does not wait for one chunk after another.
 */
export function preloadSignedIn(name: RouteName): void {
  void import('../screens/shell/app-shell.tsx');
  void screenOf(name).preload?.();
}

type SearchRoute = { query: string; folderId?: number; saved?: number; keyword?: string };

/**
 * `#/search?q=…` (Quick Search), `&in=<folder id>` (Directory Search), `&saved=<id>` (a saved search run),
 * `&kw=<keyword>` (a keyword picked in the Taxonomy Browser).
 */
function searchParams(query: URLSearchParams): SearchRoute {
  const route: SearchRoute = { query: query.get('q') ?? '' };
  const folderId = query.get('in') ?? '';
  const saved = query.get('saved') ?? '';
  if (ID.test(folderId)) route.folderId = Number(folderId);
  if (ID.test(saved)) route.saved = Number(saved);
  const keyword = query.get('kw')?.trim();
  if (keyword) route.keyword = keyword;
  return route;
}

function searchHref(route: SearchRoute): string {
  const params = new URLSearchParams();
  if (route.query) params.set('q', route.query);
  if (route.folderId) params.set('in', String(route.folderId));
  if (route.saved) params.set('saved', String(route.saved));
  if (route.keyword) params.set('kw', route.keyword);
  const text = params.toString();
  return text ? `#/search?${text}` : '#/search';
}
