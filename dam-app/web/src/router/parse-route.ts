/**
 * Every screen the app can show, read from the URL's hash. Hash routing keeps the server a plain static host, and it
 * is the only form the links the server mails can take: the invitation link `{host}/index.html#CU<id>` (R-INVITE-LINK),
 * the reset link `/#reset=<token>` and the activation link `/#activate`.
 */
export type Route =
  | { name: 'home' }
  | { name: 'login' }
  | { name: 'forgot-password' }
  | { name: 'reset-password'; token: string }
  | { name: 'create-account' }
  | { name: 'activate'; username?: string }
  | { name: 'invitation'; id: string }
  | { name: 'change-password' }
  | { name: 'account' }
  | { name: 'api-keys' }
  | { name: 'admin'; section: AdminSection }
  | { name: 'folder'; id: number; view?: BrowseView }
  | { name: 'search'; query: string; folderId?: number; saved?: number; keyword?: string }
  | { name: 'saved-searches' }
  | { name: 'taxonomy' }
  | { name: 'asset'; id: number; tab?: AssetTab }
  | { name: 'compare'; id: number; left: number; right: number }
  | { name: 'collections' }
  | { name: 'collection'; id: number }
  | { name: 'carts' }
  | { name: 'loading-dock' }
  | { name: 'not-found'; hash: string };

export const BROWSE_VIEWS = ['tile', 'list', 'calendar', 'text'] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];
export const ASSET_TABS = ['general', 'extended', 'versions'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

export const ADMIN_SECTIONS = ['users', 'groups', 'acls', 'invitations', 'audit', 'outbox'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Screens a person sees without being signed in. */
export const PUBLIC_ROUTES = new Set<Route['name']>([
  'login',
  'forgot-password',
  'reset-password',
  'create-account',
  'activate',
  'invitation',
]);

const SIMPLE: Record<string, Route> = {
  '': { name: 'home' },
  '/': { name: 'home' },
  '/login': { name: 'login' },
  '/forgot-password': { name: 'forgot-password' },
  '/create-account': { name: 'create-account' },
  '/change-password': { name: 'change-password' },
  '/account': { name: 'account' },
  '/api-keys': { name: 'api-keys' },
  '/admin': { name: 'admin', section: 'users' },
  '/saved-searches': { name: 'saved-searches' },
  '/taxonomy': { name: 'taxonomy' },
  '/collections': { name: 'collections' },
  '/carts': { name: 'carts' },
  '/loading-dock': { name: 'loading-dock' },
};

const ID = /^[1-9][0-9]{0,15}$/;

const INVITATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The route a hash (with or without its `#`) names; an unknown hash is `not-found`, never an exception. */
export function parseRoute(rawHash: string): Route {
  const hash = rawHash.startsWith('#') ? rawHash.slice(1) : rawHash;
  if (hash.startsWith('CU')) {
    const id = safeDecode(hash.slice(2));
    return id !== undefined && INVITATION_ID.test(id) ? { name: 'invitation', id } : notFound(rawHash);
  }
  if (hash.startsWith('reset=')) {
    const token = safeDecode(hash.slice('reset='.length));
    return token ? { name: 'reset-password', token } : notFound(rawHash);
  }
  const [path = '', query = ''] = hash.split('?');
  if (path === 'activate' || path === '/activate') {
    const username = new URLSearchParams(query).get('username') ?? undefined;
    return username ? { name: 'activate', username } : { name: 'activate' };
  }
  const simple = SIMPLE[path];
  if (simple) return simple;
  const withId = parseIdRoute(path, new URLSearchParams(query));
  if (withId) return withId;
  if (path === '/search') return searchRoute(new URLSearchParams(query));
  const admin = /^\/admin\/([a-z]+)$/.exec(path);
  const section = admin?.[1] as AdminSection | undefined;
  if (section && (ADMIN_SECTIONS as readonly string[]).includes(section)) return { name: 'admin', section };
  return notFound(rawHash);
}

/** The hash that shows a route (the inverse of {@link parseRoute}). */
export function hrefOf(route: Route): string {
  switch (route.name) {
    case 'home':
      return '#/';
    case 'invitation':
      return `#CU${encodeURIComponent(route.id)}`;
    case 'reset-password':
      return `#reset=${encodeURIComponent(route.token)}`;
    case 'activate':
      return route.username ? `#activate?username=${encodeURIComponent(route.username)}` : '#activate';
    case 'admin':
      return `#/admin/${route.section}`;
    case 'folder':
      return route.view ? `#/folder/${route.id}?view=${route.view}` : `#/folder/${route.id}`;
    case 'search': {
      const params = new URLSearchParams();
      if (route.query) params.set('q', route.query);
      if (route.folderId) params.set('in', String(route.folderId));
      if (route.saved) params.set('saved', String(route.saved));
      if (route.keyword) params.set('kw', route.keyword);
      const text = params.toString();
      return text ? `#/search?${text}` : '#/search';
    }
    case 'asset':
      return route.tab ? `#/asset/${route.id}?tab=${route.tab}` : `#/asset/${route.id}`;
    case 'compare':
      return `#/asset/${route.id}/compare?left=${route.left}&right=${route.right}`;
    case 'collection':
      return `#/collections/${route.id}`;
    case 'not-found':
      return route.hash.startsWith('#') ? route.hash : `#${route.hash}`;
    default:
      return `#/${route.name}`;
  }
}

/** Routes whose path carries a numeric id: folders, assets, version compare and collections. */
function parseIdRoute(path: string, query: URLSearchParams): Route | undefined {
  const match = /^\/(folder|asset|collections)\/([^/]+)(\/compare)?$/.exec(path);
  if (!match) return undefined;
  const [, kind, rawId = '', compare] = match;
  if (!ID.test(rawId)) return undefined;
  const id = Number(rawId);
  if (kind === 'folder' && !compare) {
    const view = query.get('view');
    return view && (BROWSE_VIEWS as readonly string[]).includes(view)
      ? { name: 'folder', id, view: view as BrowseView }
      : { name: 'folder', id };
  }
  if (kind === 'collections' && !compare) return { name: 'collection', id };
  if (kind !== 'asset') return undefined;
  if (compare) {
    const left = query.get('left') ?? '';
    const right = query.get('right') ?? '';
    return ID.test(left) && ID.test(right)
      ? { name: 'compare', id, left: Number(left), right: Number(right) }
      : undefined;
  }
  const tab = query.get('tab');
  return tab && (ASSET_TABS as readonly string[]).includes(tab)
    ? { name: 'asset', id, tab: tab as AssetTab }
    : { name: 'asset', id };
}

/**
 * `#/search?q=…` (Quick Search), `&in=<folder id>` (Directory Search), `&saved=<id>` (a saved search run),
 * `&kw=<keyword>` (a keyword picked in the Taxonomy Browser).
 */
function searchRoute(query: URLSearchParams): Route {
  const route: Route = { name: 'search', query: query.get('q') ?? '' };
  const folderId = query.get('in') ?? '';
  const saved = query.get('saved') ?? '';
  if (ID.test(folderId)) route.folderId = Number(folderId);
  if (ID.test(saved)) route.saved = Number(saved);
  const keyword = query.get('kw')?.trim();
  if (keyword) route.keyword = keyword;
  return route;
}

function notFound(hash: string): Route {
  return { name: 'not-found', hash };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
