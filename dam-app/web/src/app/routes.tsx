import { type ComponentType, lazy, type ReactNode } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import { type AppState, addressOf, type Draw, type Route, type RouteName } from '../router/routes.ts';

/**
 * Every screen module's `draw`, each module its own chunk (the route table reads only their `screen` part, eagerly;
 * see `router/routes.ts`). The same glob, so a screen file is found here as it is there.
 */
const DRAWINGS = import.meta.glob<Draw<never>>('../screens/**/*-screen.tsx', { import: 'draw' });

type Drawn = ComponentType<{ route: Route; app: AppState }>;
const drawn = new Map<RouteName, Drawn>();

const loadDrawing = (name: RouteName) => {
  const load = DRAWINGS[addressOf(name).file];
  if (!load) throw new Error(`no screen module draws '${name}'`);
  return load() as Promise<(route: Route, app: AppState) => ReactNode>;
};

/** The route's screen as one lazy component (made once per screen, so React keeps it between draws). */
function screenComponent(name: RouteName): Drawn {
  let component = drawn.get(name);
  if (!component) {
    component = lazy(async () => {
      const draw = await loadDrawing(name);
      return { default: ({ route, app }: { route: Route; app: AppState }) => draw(route, app) };
    });
    drawn.set(name, component);
  }
  return component;
}

/** Draws a route's screen. Public screens never read `session`, the only ones drawn while nobody is signed in. */
export function renderRoute(route: Route, session: SessionView | null, timedOut: boolean): ReactNode {
  const Screen = screenComponent(route.name);
  return <Screen route={route} app={{ session: session as SessionView, timedOut }} />;
}

/**
 * Starts loading the shell and the library screen the address names while the session is still being checked, so
 * that a bookmarked folder does not wait for one chunk after another.
 */
export function preloadSignedIn(name: RouteName): void {
  void import('../screens/shell/app-shell.tsx');
  if (addressOf(name).preload) void loadDrawing(name);
}
