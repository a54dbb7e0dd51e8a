import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import { aclsHeldBy } from '../access/acls-held.ts';
import type { Principal } from '../access/principal.ts';
import type { Database, User } from '../db/schema.ts';
import { apiKeyHolder, touchApiKey } from './api-key-queries.ts';
import { deleteSessionRow, sessionHolder, touchSession } from './session-queries.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { API_KEY_PREFIX, tokenHash } from './tokens.ts';

export type Resolution =
  | { kind: 'principal'; principal: Principal }
  | { kind: 'anonymous' }
  | { kind: 'expired' }
  | { kind: 'bad_key' };

/** Sessions touch `last_seen_at` at most this often, so reads do not turn into writes. */
const TOUCH_MS = 60_000;

/**
 * Who sent the request: an API key (`Authorization: Bearer rdam_…`) or the session cookie, else nobody. Any other
 * `Authorization` (a proxy's Basic credentials, another service's bearer token) is not ours and is ignored.
 */
export async function resolvePrincipal(
  db: Kysely<Database>,
  c: Context,
  idleMinutes: number,
): Promise<Resolution> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (match?.[1]?.startsWith(API_KEY_PREFIX)) {
    const key = await apiKeyHolder(db, tokenHash(match[1]));
    if (!key || !mayLogIn(key)) return { kind: 'bad_key' };
    if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > TOUCH_MS)
      await touchApiKey(db, key.key_id);
    const { key_id: _id, last_used_at: _used, ...user } = key;
    return {
      kind: 'principal',
      principal: await principalFor(db, user, { via: 'api_key', adminMode: false }),
    };
  }

  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return { kind: 'anonymous' };
  const id = tokenHash(token);
  const row = await sessionHolder(db, id);
  if (!row) return { kind: 'expired' };
  const idleMs = Date.now() - row.last_seen_at.getTime();
  if (idleMs > idleMinutes * 60_000 || !mayLogIn(row)) {
    await deleteSessionRow(db, id);
    return { kind: 'expired' };
  }
  if (idleMs > TOUCH_MS) await touchSession(db, id);
  const { csrf_token, admin_mode, last_seen_at: _seen, ...user } = row;
  return {
    kind: 'principal',
    principal: await principalFor(db, user, {
      via: 'session',
      sessionId: id,
      csrfToken: csrf_token,
      adminMode: admin_mode && user.is_admin,
    }),
  };
}

export function mayLogIn(user: Pick<User, 'status' | 'special'>): boolean {
  return user.status === 'active' && user.special !== 'nologin';
}

export async function principalFor(
  db: Kysely<Database>,
  user: User,
  rest: Pick<Principal, 'via' | 'sessionId' | 'csrfToken' | 'adminMode'>,
): Promise<Principal> {
  const acls = await aclsHeldBy(db, user.id);
  const acl = acls.find((each) => each.id === user.current_acl_id) ?? acls[0] ?? null;
  return { user, acls, acl, ...rest };
}
