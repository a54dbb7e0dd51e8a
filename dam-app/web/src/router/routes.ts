import type { MessageKey } from '../i18n/messages-en.ts';
import { hashParts, ID, path, prefixed, type RouteCodec } from './route-codec.ts';

export const BROWSE_VIEWS = ['tile', 'list', 'calendar', 'text'] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];
export const ASSET_TABS = ['general', 'extended', 'versions'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];
export const ADMIN_SECTIONS = [
  'users',
  'groups',
  'acls',
  'invitations',
  'conversions',
  'audit',
  'outbox',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Who may see a screen: anyone, whoever is signed in, or administrators (others are told so). */
export type Access = 'public' | 'signed-in' | 'admin';
/** Where a screen is linked from: the header's working-set links, or the user menu. */
export type NavMenu = 'header' | 'user';

interface Address<P> {
  codec: RouteCodec<P>;
  access: Access;
  /** The screen's name, the heading of its "not allowed" page. */
  title?: MessageKey;
  /** Drawn beside the Places tree. */
  places?: boolean;
  nav?: { menu: NavMenu; label: MessageKey; params?: P; activeFor?: readonly string[] };
}

const address = <P extends object>(entry: Address<P>) => entry;

const NONE: RouteCodec<Record<never, never>> = { parse: () => undefined, href: () => '#/' };

/**
 * Every screen's address, in the order the hash is matched: its path, who may see it and where it is linked from.
 * Links, menus and features read it here; `app/routes.tsx` binds each name to the screen that draws it (typecheck
 * asks for that binding, so adding a screen is adding its entry here and its drawing there).
 */
export const ROUTES = {
  home: address({
    codec: path<Record<never, never>>('/'),
    access: 'signed-in',
    places: true,
  }),
  login: address({
    codec: path<Record<never, never>>('/login'),
    access: 'public',
  }),
  'forgot-password': address({
    codec: path<Record<never, never>>('/forgot-password'),
    access: 'public',
  }),
  'reset-password': address({
    codec: prefixed('reset=', 'token', (token) => token.length > 0),
    access: 'public',
  }),
  'create-account': address({
    codec: path<Record<never, never>>('/create-account'),
    access: 'public',
  }),
  activate: address({
    codec: {
      parse: ({ path: at, query }): { username?: string } | undefined => {
        if (at !== 'activate' && at !== '/activate') return undefined;
        const username = query.get('username');
        return username ? { username } : {};
      },
      href: ({ username }) => (username ? `#activate?username=${encodeURIComponent(username)}` : '#activate'),
    },
    access: 'public',
  }),
  invitation: address({
    codec: prefixed('CU', 'id', (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id)),
    access: 'public',
  }),
  'change-password': address({
    codec: path<Record<never, never>>('/change-password'),
    access: 'signed-in',
    nav: { menu: 'user', label: 'shell.changePassword' },
  }),
  account: address({
    codec: path<Record<never, never>>('/account'),
    access: 'signed-in',
    nav: { menu: 'user', label: 'shell.accountSettings' },
  }),
  'api-keys': address({
    codec: path<Record<never, never>>('/api-keys'),
    access: 'signed-in',
    nav: { menu: 'user', label: 'shell.apiKeys' },
  }),
  admin: address({
    codec: path<{ section: AdminSection }>(['/admin/:section', '/admin'], {
      segments: { section: ADMIN_SECTIONS },
      defaults: { section: 'users' as const },
    }),
    access: 'admin',
    title: 'admin.title',
    nav: { menu: 'user', label: 'shell.administration', params: { section: 'users' as const } },
  }),
  folder: address({
    codec: path<{ id: number; view?: BrowseView }>('/folder/:id', { query: { view: BROWSE_VIEWS } }),
    access: 'signed-in',
    places: true,
  }),
  search: address({
    codec: {
      parse: ({ path: at, query }) => (at === '/search' ? searchParams(query) : undefined),
      href: searchHref,
    },
    access: 'signed-in',
    places: true,
  }),
  'saved-searches': address({
    codec: path<Record<never, never>>('/saved-searches'),
    access: 'signed-in',
    places: true,
  }),
  taxonomy: address({
    codec: path<Record<never, never>>('/taxonomy'),
    access: 'signed-in',
    places: true,
  }),
  asset: address({
    codec: path<{ id: number; tab?: AssetTab }>('/asset/:id', { query: { tab: ASSET_TABS } }),
    access: 'signed-in',
  }),
  compare: address({
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
  }),
  collections: address({
    codec: path<Record<never, never>>('/collections'),
    access: 'signed-in',
    nav: { menu: 'header', label: 'collections.title', activeFor: ['collection'] },
  }),
  collection: address({
    codec: path<{ id: number }>('/collections/:id'),
    access: 'signed-in',
  }),
  carts: address({
    codec: path<Record<never, never>>('/carts'),
    access: 'signed-in',
    nav: { menu: 'header', label: 'carts.title' },
  }),
  'loading-dock': address({
    codec: path<Record<never, never>>('/loading-dock'),
    access: 'signed-in',
    nav: { menu: 'header', label: 'dock.title' },
  }),
  /** Any hash no other screen reads; never matched, only fallen back to. */
  'not-found': address({
    codec: {
      parse: NONE.parse as () => { hash: string } | undefined,
      href: ({ hash }) => (hash.startsWith('#') ? hash : `#${hash}`),
    },
    access: 'signed-in',
  }),
};

type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
type ParamsOf<K extends RouteName> = Routes[K]['codec'] extends RouteCodec<infer P> ? P : never;
/** Every screen the app can show, with its parameters, as read from the URL's hash. */
export type Route = { [K in RouteName]: { name: K } & ParamsOf<K> }[RouteName];
/** The route of one screen. */
export type RouteOf<K extends RouteName> = Extract<Route, { name: K }>;

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** A screen's address entry, its parameters left open. */
export const addressOf = (name: RouteName) => ROUTES[name] as Address<object>;

/** The route a hash (with or without its `#`) names; an unknown hash is `not-found`, never an exception. */
export function parseRoute(rawHash: string): Route {
  const parts = hashParts(rawHash);
  for (const name of ROUTE_NAMES) {
    const params = addressOf(name).codec.parse(parts);
    if (params) return { name, ...params } as Route;
  }
  return { name: 'not-found', hash: rawHash };
}

/** The hash that shows a route (the inverse of {@link parseRoute}). */
export function hrefOf(route: Route): string {
  const { name, ...params } = route;
  return addressOf(name).codec.href(params);
}

/** Screens a person sees without being signed in. */
export const isPublic = (name: RouteName) => ROUTES[name].access === 'public';

/** The links of a menu, in table order: where each goes, its label, and the routes that show it as current. */
export function navEntries(menu: NavMenu) {
  return ROUTE_NAMES.flatMap((name) => {
    const { nav, access } = addressOf(name);
    if (nav?.menu !== menu) return [];
    const to = { name, ...nav.params } as Route;
    return [{ to, label: nav.label, access, activeFor: [name, ...(nav.activeFor ?? [])] as string[] }];
  });
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
