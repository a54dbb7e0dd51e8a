import type { Kysely } from 'kysely';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { Database } from '../db/schema.ts';
import {
  deleteAccountFailures,
  lockThrottle,
  recordAttempt,
  throttleCounts,
} from './login-throttle-queries.ts';

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
    await lockThrottle(trx, account, ip);
    const counts = await throttleCounts(trx, account, ip, {
      pair: PAIR_WINDOW_MINUTES,
      account: ACCOUNT_WINDOW_MINUTES,
      address: ADDRESS_WINDOW_MINUTES,
    });
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
    return { id: await recordAttempt(trx, account, ip) };
  });
}

/** A successful password reset (its link came by mail to the owner) lifts every block on the account. */
export const clearAccountFailures = (db: Kysely<Database>, userId: number) =>
  deleteAccountFailures(db, accountKey({ id: userId }, ''));
