import { type Kysely, sql } from 'kysely';
import type { Database, User } from '../db/schema.ts';

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
