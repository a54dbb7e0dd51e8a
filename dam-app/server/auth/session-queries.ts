import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../db/schema.ts';
import { tokenHash } from './tokens.ts';

export async function setCurrentAcl(db: Kysely<Database>, userId: number, aclId: number): Promise<void> {
  await db.updateTable('users').set({ current_acl_id: aclId }).where('id', '=', userId).execute();
}

export async function setSessionAdminMode(
  db: Kysely<Database>,
  sessionId: string,
  enabled: boolean,
): Promise<void> {
  await db.updateTable('sessions').set({ admin_mode: enabled }).where('id', '=', sessionId).execute();
}

export async function insertSession(db: Kysely<Database>, values: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(values).execute();
}

export const endSession = (db: Kysely<Database>, token: string) => deleteSessionRow(db, tokenHash(token));

/** Ends every session of a user but one (after a password change the other devices must log in again). */
export async function endOtherSessions(db: Kysely<Database>, userId: number, keepId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** The user a session (by its id) belongs to, with the session's CSRF token, admin mode and last use. */
export const sessionHolder = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.csrf_token', 'sessions.admin_mode', 'sessions.last_seen_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();

export async function deleteSessionRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function touchSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
}
