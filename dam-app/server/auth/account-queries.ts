import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, ProfileColumn, User } from '../db/schema.ts';

/** Holds the license-seat lock until the transaction ends: counting seats and taking one become one step. */
export async function lockLicenseSeats(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('license-seats'))`.execute(trx);
}

export const insertUserRow = (db: Kysely<Database>, values: NewUser) =>
  db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();

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

/** The account a login names: by user name, or by an email only one account has. */
export async function findLoginUser(
  db: Kysely<Database>,
  login: { username?: string | undefined; email?: string | undefined },
): Promise<User | undefined> {
  if (login.username)
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(username)`, '=', login.username.toLowerCase())
      .executeTakeFirst();
  if (!login.email) return undefined;
  const matches = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', login.email.toLowerCase())
    .limit(2)
    .execute();
  return matches.length === 1 ? matches[0] : undefined;
}

export async function usernameTaken(db: Kysely<Database>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Accounts that count against the license: active people, not the built-in special users. */
export async function licensedUserCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '!=', 'disabled')
    .where('special', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findUser = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
