import type { MessageKey } from '../i18n/messages-en.ts';
import type { RouteCodec } from './route-codec.ts';

export const BROWSE_VIEWS = ['tile', 'list', 'calendar', 'text'] as const;
export type BrowseView = (typeof BROWSE_VIEWS)[number];
export const ASSET_TABS = ['general', 'extended', 'versions', 'discussion'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];
export const ADMIN_SECTIONS = [
  'users',
  'groups',
  'acls',
  'invitations',
  'conversions',
  'audit',
  'outbox',
  'platform',
  'health',
  'status',
  'forms',
  'dictionaries',
  'workflows',
  'stamps',
  // issue 30, ops
  'statistics',
  'workspaces',
  // issue 30, remote servers
  'remote',
  'quarantine',
  // issue 30, archive
  'archive',
  // issue 30, remote configuration
  'configuration',
  // issue 29, the past stamp runs
  'stamp-runs',
  // issue 30, themes
  'themes',
  'themeOrganizer',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Who may see a screen: anyone, whoever is signed in, or administrators (others are told so). */
export type Access = 'public' | 'signed-in' | 'admin';
/** Where a screen is linked from: the header's working-set links, or the user menu. */
export type NavMenu = 'header' | 'user';

export interface Address<P> {
  codec: RouteCodec<P>;
  /** Who may see it; whoever is signed in unless told. */
  access?: Access;
  /** The screen's name, the heading of its "not allowed" page. */
  title?: MessageKey;
  /** Drawn beside the Places tree. */
  places?: boolean;
  /** Its link in a menu; `order` places it among that menu's other links. */
  nav?: { menu: NavMenu; label: MessageKey; order: number; params?: P; activeFor?: readonly string[] };
  /** Its chunk is fetched while the session is still being checked, when the address names this screen. */
  preload?: boolean;
}

/**
 * A screen's route, declared in the screen's own file as `export const screen = defineScreen(name, address)`,
 * next to `export const draw: Draw<name>` (how the route is drawn) and a `declare module` line adding it to
 * {@link Screens} (its type, for typed links). That file is the only one a new screen touches: the table below finds
 * it (`import.meta.glob` over `screens/**\/*-screen.tsx`, reading only the address part, `screen-route-plugin.ts`),
 * and `app/routes.tsx` loads its drawing lazily, one chunk per screen.
 */
export const defineScreen = <N extends string, P extends object>(name: N, address: Address<P>) => ({
  name,
  ...address,
  access: address.access ?? ('signed-in' as Access),
});
