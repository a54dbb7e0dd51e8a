import { existsSync } from 'node:fs';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { loginSchema } from '../../api/accounts.ts';
import { MESSAGES } from '../../api/messages.ts';
import { aclsHeldBy } from '../access/acls-held.ts';
import type { Principal } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { User } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { startLoginWorkflows } from '../workflows/login-workflows.ts';
import { findLoginUser } from './account-queries.ts';
import { accountKey, claimAttempt } from './login-limiter.ts';
import { settleAttempt } from './login-throttle-queries.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { mayLogIn, principalFor, resolvePrincipal } from './resolve-principal.ts';
import { endSession, setCurrentAcl, setSessionAdminMode } from './session-queries.ts';
import { startSession } from './sessions.ts';
import { tokenHash } from './tokens.ts';
import { sessionView } from './views.ts';

/**
 * A new session for someone who just proved who they are, ending the one the browser had: its token (for the
 * cookie) and its view.
 */
export async function openSession(services: DamServices, user: User, previousToken: string | undefined) {
  const { db, config } = services;
  const { token, csrfToken } = await startSession(db, user.id, previousToken);
  const principal = await principalFor(db, user, {
    via: 'session',
    sessionId: tokenHash(token),
    csrfToken,
    adminMode: false,
  });
  await startLoginWorkflows(services, user.id);
  return { token, session: sessionView(principal, config) };
}

export async function logIn(
  services: DamServices,
  body: z.output<typeof loginSchema>,
  ip: string,
  previousToken: string | undefined,
) {
  const { db, config } = services;
  const login = (body.username || body.email || '').toLowerCase();
  const user = await findLoginUser(db, body);
  // Counted against the account, not the identifier typed: its name and its e-mail share one count.
  const claim = await claimAttempt(db, accountKey(user, login), ip);
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash(config.scryptLogN)));
  await settleAttempt(db, claim, ok && user !== undefined && mayLogIn(user));
  if (!user || !ok || !mayLogIn(user)) {
    await audit(db, { actorId: user?.id ?? null, event: 'login_failed', target: login, ip });
    throw new ApiError(401, 'login_failed', MESSAGES.loginFailed);
  }
  const opened = await openSession(services, user, previousToken);
  await audit(db, { actorId: user.id, event: 'login', target: user.username, ip });
  return opened;
}

export const currentSession = (services: DamServices, principal: Principal) =>
  sessionView(principal, services.config);

/** The signed-in person, or nobody and whether their session timed out. */
export async function sessionState(services: DamServices, principal: Principal | undefined, c: Context) {
  if (principal) return { session: sessionView(principal, services.config), timedOut: false };
  const resolution = await resolvePrincipal(services.db, c, services.config.sessionIdleMinutes);
  return { session: null, timedOut: resolution.kind === 'expired' };
}

export async function logOut(
  services: DamServices,
  principal: Principal | undefined,
  token: string | undefined,
  ip: string,
) {
  if (token) await endSession(services.db, token);
  if (principal) await audit(services.db, { actorId: principal.user.id, event: 'logout', ip });
}

/** Switches to an ACL the person holds whose root folder exists; when it does not, the others they could use. */
export async function switchAcl(services: DamServices, principal: Principal, aclId: number, ip: string) {
  const { db, config } = services;
  const [acl] = await aclsHeldBy(db, principal.user.id, [aclId]);
  if (!acl) throw notFound('ACL');
  const root = confinePath(config.storageRoot, acl.root_path);
  if (!root || !existsSync(root)) {
    const alternatives = principal.acls
      .filter(
        (each) => each.id !== acl.id && existsSync(confinePath(config.storageRoot, each.root_path) ?? '\0'),
      )
      .map((each) => ({ id: each.id, name: each.name }));
    throw new ApiError(409, 'acl_root_missing', MESSAGES.aclRootMissing, undefined, {
      details: { alternatives },
    });
  }
  await setCurrentAcl(db, principal.user.id, acl.id);
  await audit(db, { actorId: principal.user.id, event: 'acl_switched', target: acl.name, ip });
  return sessionView({ ...principal, acl, user: { ...principal.user, current_acl_id: acl.id } }, config);
}

export async function setAdminMode(
  services: DamServices,
  principal: Principal,
  enabled: boolean,
  ip: string,
) {
  if (!principal.sessionId)
    throw new ApiError(400, 'needs_session', 'Admin mode belongs to a browser session.');
  await setSessionAdminMode(services.db, principal.sessionId, enabled);
  await audit(services.db, {
    actorId: principal.user.id,
    event: 'admin_mode',
    target: enabled ? 'on' : 'off',
    ip,
  });
  return sessionView({ ...principal, adminMode: enabled }, services.config);
}
