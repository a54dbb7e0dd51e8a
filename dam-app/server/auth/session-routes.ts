import { existsSync } from 'node:fs';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  adminModeSchema,
  loginSchema,
  okSchema,
  sessionSchema,
  sessionStateSchema,
  switchAclSchema,
} from '../../api/accounts.ts';
import { MESSAGES } from '../../api/messages.ts';
import { aclsHeldBy } from '../access/acls-held.ts';
import { confinePath } from '../access/storage-path.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import { accountKey, claimAttempt, settleAttempt } from './login-limiter.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { mayLogIn, principalFor, resolvePrincipal } from './resolve-principal.ts';
import { endSession, SESSION_COOKIE, startSession } from './sessions.ts';
import { tokenHash } from './tokens.ts';
import { findLoginUser } from './users.ts';
import { sessionView } from './views.ts';

export const sessionRoutes = [
  defineRoute({
    method: 'post',
    path: '/session',
    tag: 'Access',
    summary: 'Log in with a username or an email, and a password',
    auth: 'public',
    body: loginSchema,
    response: sessionSchema,
    async handler({ c, services, body, ip }) {
      const { db, config } = services;
      const login = (body.username || body.email || '').toLowerCase();
      const user = await findLoginUser(db, body);
      // Counted against the account, not the identifier typed: its name and its e-mail share one count.
      const claim = await claimAttempt(db, accountKey(user, login), ip);
      const ok = await verifyPassword(
        body.password,
        user?.password_hash ?? (await decoyHash(config.scryptLogN)),
      );
      await settleAttempt(db, claim, ok && user !== undefined && mayLogIn(user));
      if (!user || !ok || !mayLogIn(user)) {
        await audit(db, { actorId: user?.id ?? null, event: 'login_failed', target: login, ip });
        throw new ApiError(401, 'login_failed', MESSAGES.loginFailed);
      }
      const { token, csrfToken } = await startSession(db, user.id, getCookie(c, SESSION_COOKIE));
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: config.secureCookies,
        path: '/',
      });
      await audit(db, { actorId: user.id, event: 'login', target: user.username, ip });
      const principal = await principalFor(db, user, {
        via: 'session',
        sessionId: tokenHash(token),
        csrfToken,
        adminMode: false,
      });
      return sessionView(principal, config);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/session',
    tag: 'Access',
    summary: 'The signed-in person, their ACLs and permissions',
    auth: 'user',
    response: sessionSchema,
    async handler({ services, principal }) {
      return sessionView(principal, services.config);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/session/state',
    tag: 'Access',
    summary:
      'The signed-in person, or nobody (and whether a session timed out), always with 200: what a page asks as it loads',
    auth: 'public',
    response: sessionStateSchema,
    async handler({ c, services, principal }) {
      if (principal) return { session: sessionView(principal, services.config), timedOut: false };
      const resolution = await resolvePrincipal(services.db, c, services.config.sessionIdleMinutes);
      return { session: null, timedOut: resolution.kind === 'expired' };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/session',
    tag: 'Access',
    summary: 'Log out',
    auth: 'public',
    response: okSchema,
    async handler({ c, services, principal, ip }) {
      const token = getCookie(c, SESSION_COOKIE);
      if (token) await endSession(services.db, token);
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure: services.config.secureCookies });
      if (principal) await audit(services.db, { actorId: principal.user.id, event: 'logout', ip });
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/session/acl',
    tag: 'Access',
    summary: 'Switch to another ACL the person holds',
    auth: 'user',
    body: switchAclSchema,
    response: sessionSchema,
    async handler({ services, principal, body, ip }) {
      const { db, config } = services;
      const [acl] = await aclsHeldBy(db, principal.user.id, [body.aclId]);
      if (!acl) throw notFound('ACL');
      const root = confinePath(config.storageRoot, acl.root_path);
      if (!root || !existsSync(root)) {
        const alternatives = principal.acls
          .filter(
            (each) =>
              each.id !== acl.id && existsSync(confinePath(config.storageRoot, each.root_path) ?? '\0'),
          )
          .map((each) => ({ id: each.id, name: each.name }));
        throw new ApiError(409, 'acl_root_missing', MESSAGES.aclRootMissing, undefined, {
          details: { alternatives },
        });
      }
      await db
        .updateTable('users')
        .set({ current_acl_id: acl.id })
        .where('id', '=', principal.user.id)
        .execute();
      await audit(db, { actorId: principal.user.id, event: 'acl_switched', target: acl.name, ip });
      return sessionView({ ...principal, acl, user: { ...principal.user, current_acl_id: acl.id } }, config);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/session/admin-mode',
    tag: 'Access',
    summary: 'Turn admin mode on or off (administrators): it overrides permissions',
    auth: 'admin',
    body: adminModeSchema,
    response: sessionSchema,
    async handler({ services, principal, body, ip }) {
      if (!principal.sessionId)
        throw new ApiError(400, 'needs_session', 'Admin mode belongs to a browser session.');
      await services.db
        .updateTable('sessions')
        .set({ admin_mode: body.enabled })
        .where('id', '=', principal.sessionId)
        .execute();
      await audit(services.db, {
        actorId: principal.user.id,
        event: 'admin_mode',
        target: body.enabled ? 'on' : 'off',
        ip,
      });
      return sessionView({ ...principal, adminMode: body.enabled }, services.config);
    },
  }),
];
