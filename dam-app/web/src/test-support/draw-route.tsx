import { vi } from 'vitest';
import { type Permission, permissionNames, type SessionView } from '../../../api/accounts.ts';
import { MESSAGES } from '../../../api/messages.ts';
import { renderRoute } from '../app/routes.tsx';
import type { Route } from '../router/routes.ts';
import { failure } from './fake-api.ts';
import { renderScreen } from './render-screen.tsx';
import { sampleSession } from './sample-session.ts';

/** The Rapid client the shell and transfer parts look for: here none answers, and no real socket is opened. */
export class NoClient extends EventTarget {
  readyState = 0;
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {}
  close() {}
}

/** Someone who holds every permission, or only those given. */
export const holder = (permissions: readonly Permission[] = permissionNames) =>
  sampleSession({ permissions: [...permissions] });

/** Draws a route's screen as the app does, through the route table, for the person given. */
export function drawRoute(route: Route, session: SessionView = holder()) {
  vi.stubGlobal('WebSocket', NoClient);
  vi.stubGlobal('XMLHttpRequest', NoClient);
  return renderScreen(renderRoute(route, session, false));
}

/** The server failed: R-SPEC-TEXTS "Operation failed on server." as its `user_message`. */
export const serverFailure = failure(500, 'server_error', MESSAGES.operationFailed);

/** Lazy screens and their first queries may take a while on a busy machine. */
export const SLOW = { timeout: 10_000 };
