import { useSyncExternalStore } from 'react';
import { hasLeaveGuards, mayLeave } from '../router/leave-guard.ts';
import { hrefOf, parseRoute, type Route } from './routes.tsx';

let shownHash = typeof window === 'undefined' ? '' : window.location.hash;
const listeners = new Set<() => void>();

function onHashChange() {
  const next = window.location.hash;
  if (next === shownHash) return;
  if (hasLeaveGuards() && !mayLeave()) {
    // Stay: put the screen's address back without a new hashchange.
    window.history.pushState(null, '', shownHash || '#/');
    return;
  }
  shownHash = next;
  for (const listener of listeners) listener();
}

const subscribe = (onChange: () => void) => {
  if (listeners.size === 0) window.addEventListener('hashchange', onHashChange);
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('hashchange', onHashChange);
  };
};

/** The route of the current hash; re-renders when it changes. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => shownHash);
  return parseRoute(hash);
}

/** Shows another screen, asking first when a form has unsaved changes. */
export function navigate(route: Route, options: { replace?: boolean; force?: boolean } = {}): void {
  if (!options.force && !mayLeave()) return;
  const href = hrefOf(route);
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  shownHash = window.location.hash;
  for (const listener of listeners) listener();
}

/**
 * Replaces the address with `to` while it still names a `from` screen. A screen that redirects once its data has
 * loaded must not undo a link the person followed, or an address they typed, in the meantime.
 */
export function redirect(from: Route['name'], to: Route): void {
  if (parseRoute(window.location.hash).name !== from) return;
  navigate(to, { replace: true, force: true });
}
