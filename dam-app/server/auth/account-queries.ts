import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, ProfileColumn } from '../db/schema.ts';

/** Holds the license-seat lock until the transaction ends: counting seats and taking one become one step. */
export async function lockLicenseSeats(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('license-seats'))`.execute(trx);
}

export const insertAccount = async (db: Kysely<Database>, values: NewUser) =>
  (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;

/** Activates the pending account of this name whose code hash matches; the account, or nothing. */
export const activatePending = (db: Kysely<Database>, username: string, codeHash: string) =>
  db
    .updateTable('users')
    .set({ status: 'active', activation_code_hash: null, updated_at: new Date() })
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('status', '=', 'pending')
    .where('activation_code_hash', '=', codeHash)
    .returning(['id', 'username'])
    .executeTakeFirst();

export const updateProfileColumns = (
  db: Kysely<Database>,
  userId: number,
  columns: Partial<Record<ProfileColumn, string | null>>,
) =>
  db
    .updateTable('users')
    .set({ ...columns, updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
