import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { endSession, insertSession } from './session-queries.ts';
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
  await insertSession(db, {
    id: tokenHash(token),
    user_id: userId,
    csrf_token: csrfToken,
    last_seen_at: new Date(),
  });
  return { token, csrfToken };
}
