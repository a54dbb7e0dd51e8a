import {
  getSession,
  getSessionState,
  logIn,
  logOut,
  setAdminMode,
  switchAcl,
} from '../../api/contract/access-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie.ts';
import * as sessions from './session-service.ts';

export const sessionRoutes = [
  bindEndpoint(logIn, async ({ c, services, body, ip }) => {
    const { token, session } = await sessions.logIn(services, body, ip, sessionToken(c));
    setSessionCookie(c, token, services.config.secureCookies);
    return session;
  }),
  bindEndpoint(getSession, async ({ services, principal }) => sessions.currentSession(services, principal)),
  bindEndpoint(getSessionState, ({ c, services, principal }) =>
    sessions.sessionState(services, principal, c),
  ),
  bindEndpoint(logOut, async ({ c, services, principal, ip }) => {
    await sessions.logOut(services, principal, sessionToken(c), ip);
    clearSessionCookie(c, services.config.secureCookies);
    return { ok: true as const };
  }),
  bindEndpoint(switchAcl, ({ services, principal, body, ip }) =>
    sessions.switchAcl(services, principal, body.aclId, ip),
  ),
  bindEndpoint(setAdminMode, ({ services, principal, body, ip }) =>
    sessions.setAdminMode(services, principal, body.enabled, ip),
  ),
];
