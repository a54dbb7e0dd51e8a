/// <reference types="vite/client" />
import type { ReactNode } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import type { Address, NavMenu } from './define-screen.ts';
import { hashParts, type RouteCodec } from './route-codec.ts';

export {
  ADMIN_SECTIONS,
  type AdminSection,
  ASSET_TABS,
  type AssetTab,
  BROWSE_VIEWS,
  type BrowseView,
} from './define-screen.ts';

/** Every screen's route, by name; each screen file adds its own (`declare module` … `interface Screens`). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one entry per screen file
export interface Screens {}

type Declared = Address<object> & { name: string };
/** A screen file's entry in {@link Screens}: `interface Screens extends ScreenEntry<typeof screen> {}`. */
export type ScreenEntry<S extends { name: string }> = { [K in S['name']]: S };

/**
 * The route table from the screen modules found (file → its `screen` export): a file without one is not a screen;
 * two files declaring one name are refused. No two screens read one hash, so their order (the files') does not
 * matter; `not-found` reads none and is fallen back to.
 */
export function discoverScreens(modules: Record<string, Declared | undefined>) {
  const table = new Map<string, Declared & { file: string }>();
  for (const file of Object.keys(modules).sort()) {
    const screen = modules[file];
    if (!screen) continue;
    const other = table.get(screen.name);
    if (other) throw new Error(`${file}: the screen '${screen.name}' is already declared by ${other.file}`);
    table.set(screen.name, { ...screen, file });
  }
  return table;
}

const SCREEN_TABLE = discoverScreens(
  import.meta.glob<Declared>('../screens/**/*-screen.tsx', {
    query: '?screen-route',
    import: 'screen',
    eager: true,
  }),
);

export type RouteName = keyof Screens & string;
type ParamsOf<K extends RouteName> = Screens[K] extends { codec: RouteCodec<infer P> } ? P : never;
/** Every screen the app can show, with its parameters, as read from the URL's hash. */
export type Route = { [K in RouteName]: { name: K } & ParamsOf<K> }[RouteName];
/** The route of one screen. */
export type RouteOf<K extends RouteName> = Extract<Route, { name: K }>;
/** What every screen is drawn with: who is signed in (none on a public screen), and whether the session ended. */
export type AppState = { session: SessionView; timedOut: boolean };
/** How a screen draws its route: `export const draw: Draw<'carts'> = (route, app) => <CartsScreen … />`. */
export type Draw<K extends RouteName> = (route: RouteOf<K>, app: AppState) => ReactNode;

export const ROUTE_NAMES = [...SCREEN_TABLE.keys()] as RouteName[];

/** A screen's address entry, its parameters left open; and the file that declares it. */
export const addressOf = (name: RouteName) => SCREEN_TABLE.get(name) as Declared & { file: string };

/** The route a hash (with or without its `#`) names; an unknown hash is `not-found`, never an exception. */
export function parseRoute(rawHash: string): Route {
  const parts = hashParts(rawHash);
  for (const name of ROUTE_NAMES) {
    const params = addressOf(name).codec.parse(parts);
    if (params) return { name, ...params } as Route;
  }
  return { name: 'not-found', hash: rawHash } as Route;
}

/** The hash that shows a route (the inverse of {@link parseRoute}). */
export function hrefOf(route: Route): string {
  const { name, ...params } = route;
  return addressOf(name).codec.href(params);
}

/** Screens a person sees without being signed in. */
export const isPublic = (name: RouteName) => addressOf(name).access === 'public';

/** The links of a menu, in their order: where each goes, its label, and the routes that show it as current. */
export function navEntries(menu: NavMenu) {
  return ROUTE_NAMES.flatMap((name) => {
    const { nav, access } = addressOf(name);
    if (nav?.menu !== menu) return [];
    const to = { name, ...nav.params } as Route;
    return [
      {
        to,
        label: nav.label,
        access,
        order: nav.order,
        activeFor: [name, ...(nav.activeFor ?? [])] as string[],
      },
    ];
  })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _, ...entry }) => entry);
}
