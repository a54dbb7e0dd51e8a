import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Holds the account's and then the address's lock until the transaction ends (always in that order: two claims never
 * wait for each other in a cycle).
 */
export async function lockThrottle(trx: Kysely<Database>, account: string, ip: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`login-account:${account}`}))`.execute(trx);
  await sql`select pg_advisory_xact_lock(hashtext(${`login-address:${ip}`}))`.execute(trx);
}

export interface Counts {
  pair: string;
  pair_oldest: Date | null;
  account: string;
  account_oldest: Date | null;
  address_failed: string;
  address_in_flight: string;
  address_last: Date | null;
  now: Date;
}

/** The attempts that count against an account and an address, within their windows (minutes). */
export async function throttleCounts(
  trx: Kysely<Database>,
  account: string,
  ip: string,
  windows: { pair: number; account: number; address: number },
): Promise<Counts> {
  const { rows } = await sql<Counts>`
      select
        count(*) filter (where account = ${account} and ip = ${ip}
          and at > now() - make_interval(mins => ${windows.pair})) as pair,
        min(at) filter (where account = ${account} and ip = ${ip}
          and at > now() - make_interval(mins => ${windows.pair})) as pair_oldest,
        count(*) filter (where account = ${account}) as account,
        min(at) filter (where account = ${account}) as account_oldest,
        count(*) filter (where ip = ${ip} and outcome = 'failed'
          and at > now() - make_interval(mins => ${windows.address})) as address_failed,
        count(*) filter (where ip = ${ip} and outcome = 'pending' and at > now() - interval '1 minute')
          as address_in_flight,
        max(at) filter (where ip = ${ip}) as address_last,
        now() as now
      from login_throttle
      where outcome <> 'ok'
        and (account = ${account} or ip = ${ip})
        and at > now() - make_interval(mins => ${windows.account})`.execute(trx);
  return rows[0] as Counts;
}

/** Records a claimed attempt (pending until settled); its id. */
export async function recordAttempt(trx: Kysely<Database>, account: string, ip: string): Promise<string> {
  // Old attempts are forgotten as new ones come (indexed by time; the windows are an hour at most).
  await trx.deleteFrom('login_throttle').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
  const row = await trx
    .insertInto('login_throttle')
    .values({ account, ip })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function settleAttempt(db: Kysely<Database>, claim: { id: string }, ok: boolean): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ outcome: ok ? 'ok' : 'failed' })
    .where('id', '=', claim.id)
    .execute();
}

export async function deleteAccountFailures(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('account', '=', account).where('outcome', '<>', 'ok').execute();
}
