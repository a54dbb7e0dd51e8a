import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every link of the account not yet used stops working (a newer one was sent, or one was used). */
export async function invalidateResetLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function lockUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function insertResetLink(
  db: Kysely<Database>,
  tokenHash: string,
  userId: number,
  expiresAt: Date,
) {
  await db
    .insertInto('password_resets')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
    .execute();
}

/** Uses up a live, unexpired reset link: the user it was for, or nothing. */
export const useResetLink = async (db: Kysely<Database>, tokenHash: string) =>
  (
    await db
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst()
  )?.user_id;

export async function setPasswordHash(db: Kysely<Database>, userId: number, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Ends every session of the account; how many. */
export const deleteAllSessions = async (db: Kysely<Database>, userId: number) =>
  Number((await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);

/** Revokes every API key of the account; how many. */
export const deleteAllApiKeys = async (db: Kysely<Database>, userId: number) =>
  Number((await db.deleteFrom('api_keys').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
