import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

const WINDOW_MINUTES = 15;
/** Failed logins allowed per account name within the window, and per address (many names from one place). */
export const MAX_FAILURES_PER_LOGIN = 5;
export const MAX_FAILURES_PER_IP = 50;

/**
 * Login throttling kept in the database, so every server process counts the same attempts. A success does not
 * reset the count: guessing five passwords and then using a known one must not buy five more guesses.
 */
export async function loginBlocked(db: Kysely<Database>, login: string, ip: string): Promise<boolean> {
  const since = sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`;
  const row = await db
    .selectFrom('login_attempts')
    .select([
      (eb) => eb.fn.countAll<string>().filterWhere('login', '=', login).as('by_login'),
      (eb) => eb.fn.countAll<string>().filterWhere('ip', '=', ip).as('by_ip'),
    ])
    .where('ok', '=', false)
    .where('at', '>', since)
    .where((eb) => eb.or([eb('login', '=', login), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return Number(row.by_login) >= MAX_FAILURES_PER_LOGIN || Number(row.by_ip) >= MAX_FAILURES_PER_IP;
}

export async function recordLoginAttempt(db: Kysely<Database>, login: string, ip: string, ok: boolean) {
  await db.insertInto('login_attempts').values({ login, ip, ok }).execute();
}
