import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newToken, tokenHash } from './tokens.ts';

export const SESSION_COOKIE = 'dam_session';

/**
 * A new session for a user who just proved who they are. Any session the browser already had is ended first, so
 * a session id planted before login is worthless after it (rotation).
 */
export async function startSession(
  db: Kysely<Database>,
  userId: number,
  previousToken: string | undefined,
): Promise<{ token: string; csrfToken: string }> {
  if (previousToken) await endSession(db, previousToken);
  const token = newToken();
  const csrfToken = newToken(24);
  await db
    .insertInto('sessions')
    .values({ id: tokenHash(token), user_id: userId, csrf_token: csrfToken, last_seen_at: new Date() })
    .execute();
  return { token, csrfToken };
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', tokenHash(token)).execute();
}

/** Ends every session of a user but one (after a password change the other devices must log in again). */
export async function endOtherSessions(db: Kysely<Database>, userId: number, keepId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}
