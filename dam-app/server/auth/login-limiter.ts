import { type Kysely, sql } from 'kysely';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { Database } from '../db/schema.ts';

/** Failed guesses at one account from one address within this window stop that address (not the owner). */
export const MAX_FAILURES_PER_LOGIN = 5;
const PAIR_WINDOW_MINUTES = 15;
/** Failed guesses at one account from all addresses within the hour that lock it until a reset (or the hour). */
export const ACCOUNT_LOCK_FAILURES = 20;
const ACCOUNT_WINDOW_MINUTES = 60;
/** Failures one address may make (across accounts: typos in a shared office) before each next try must wait. */
export const FREE_FAILURES_PER_ADDRESS = 20;
const ADDRESS_WINDOW_MINUTES = 15;
/** The wait doubles with every failure past the free ones, from 2 s up to this. */
const MAX_DELAY_SECONDS = 15 * 60;
/**
 * Attempts one address may have in flight (claimed, not yet settled) across accounts. Unsettled attempts are not
 * failures for the address's wait — fifty people behind one office address logging in at nine must all get in —
 * so this bounds a burst of guesses sent at once before any has failed.
 */
export const MAX_IN_FLIGHT_PER_ADDRESS = 64;

/** An attempt claimed before its secret is checked; settle it with the outcome. */
export interface LoginClaim {
  id: string;
}

/** The throttle's name for an account: the user whatever identifier was typed, else what was typed. */
export const accountKey = (user: { id: number } | undefined, typed: string) =>
  user ? `user:${user.id}` : `typed:${typed.toLowerCase()}`;

const tooMany = (seconds: number) =>
  new ApiError(429, 'too_many_attempts', MESSAGES.tooManyAttempts, undefined, {
    details: { retryAfterSeconds: Math.max(1, Math.ceil(seconds)) },
  });

interface Counts {
  pair: string;
  pair_oldest: Date | null;
  account: string;
  account_oldest: Date | null;
  address_failed: string;
  address_in_flight: string;
  address_last: Date | null;
  now: Date;
}

/**
 * Claims one attempt for `account` from `ip`, or refuses it with 429 (and how long to wait). The counts and the
 * claim happen in one transaction holding advisory locks on the account and the address, so guesses sent at once
 * — to one server or several — are counted before any is checked; for the account, an attempt not yet settled
 * counts as failed.
 * A success does not clear the failures: five guesses and then a known password must not buy five more.
 */
export async function claimAttempt(db: Kysely<Database>, account: string, ip: string): Promise<LoginClaim> {
  return db.transaction().execute(async (trx) => {
    // Always the account's lock first, then the address's: two claims never wait for each other in a cycle.
    await sql`select pg_advisory_xact_lock(hashtext(${`login-account:${account}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`login-address:${ip}`}))`.execute(trx);
    const { rows } = await sql<Counts>`
      select
        count(*) filter (where account = ${account} and ip = ${ip}
          and at > now() - make_interval(mins => ${PAIR_WINDOW_MINUTES})) as pair,
        min(at) filter (where account = ${account} and ip = ${ip}
          and at > now() - make_interval(mins => ${PAIR_WINDOW_MINUTES})) as pair_oldest,
        count(*) filter (where account = ${account}) as account,
        min(at) filter (where account = ${account}) as account_oldest,
        count(*) filter (where ip = ${ip} and outcome = 'failed'
          and at > now() - make_interval(mins => ${ADDRESS_WINDOW_MINUTES})) as address_failed,
        count(*) filter (where ip = ${ip} and outcome = 'pending' and at > now() - interval '1 minute')
          as address_in_flight,
        max(at) filter (where ip = ${ip}) as address_last,
        now() as now
      from login_throttle
      where outcome <> 'ok'
        and (account = ${account} or ip = ${ip})
        and at > now() - make_interval(mins => ${ACCOUNT_WINDOW_MINUTES})`.execute(trx);
    const counts = rows[0] as Counts;
    const now = new Date(counts.now).getTime();
    const secondsSince = (at: Date | null, minutes: number) =>
      minutes * 60 - (now - new Date(at ?? now).getTime()) / 1000;
    if (Number(counts.pair) >= MAX_FAILURES_PER_LOGIN)
      throw tooMany(secondsSince(counts.pair_oldest, PAIR_WINDOW_MINUTES));
    if (Number(counts.account) >= ACCOUNT_LOCK_FAILURES)
      throw tooMany(secondsSince(counts.account_oldest, ACCOUNT_WINDOW_MINUTES));
    if (Number(counts.address_in_flight) >= MAX_IN_FLIGHT_PER_ADDRESS) throw tooMany(1);
    const past = Number(counts.address_failed) - FREE_FAILURES_PER_ADDRESS;
    if (past >= 0) {
      const delay = Math.min(2 ** (past + 1), MAX_DELAY_SECONDS);
      const waited = (now - new Date(counts.address_last ?? 0).getTime()) / 1000;
      if (waited < delay) throw tooMany(delay - waited);
    }
    // Old attempts are forgotten as new ones come (indexed by time; the windows are an hour at most).
    await trx.deleteFrom('login_throttle').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
    const row = await trx
      .insertInto('login_throttle')
      .values({ account, ip })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: String(row.id) };
  });
}

export async function settleAttempt(db: Kysely<Database>, claim: LoginClaim, ok: boolean): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ outcome: ok ? 'ok' : 'failed' })
    .where('id', '=', claim.id)
    .execute();
}

/** A successful password reset (its link came by mail to the owner) lifts every block on the account. */
export async function clearAccountFailures(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('account', '=', accountKey({ id: userId }, ''))
    .where('outcome', '<>', 'ok')
    .execute();
}
