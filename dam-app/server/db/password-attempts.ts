import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** Tables whose rows count wrong passwords in a window (`failed_attempts`, `attempts_since`): shares and portals. */
export type GuardedTable = 'external_shares' | 'portals';

const windowOver = (windowMinutes: number) =>
  sql`attempts_since is null or attempts_since < now() - make_interval(mins => ${windowMinutes})`;

/**
 * One failed password try, counted in the row's window (a new window once the last one is over); answers the
 * failures in the current window, this one included. One statement, so parallel guesses cannot slip past the limit.
 */
export async function recordFailedAttempt(
  db: Kysely<Database>,
  table: GuardedTable,
  id: number,
  windowMinutes: number,
): Promise<number> {
  const { rows } = await sql<{ failed_attempts: number }>`
    update ${sql.table(table)} set
      failed_attempts = case when ${windowOver(windowMinutes)} then 1 else failed_attempts + 1 end,
      attempts_since = case when ${windowOver(windowMinutes)} then now() else attempts_since end
    where id = ${id}
    returning failed_attempts`.execute(db);
  return rows[0]?.failed_attempts ?? 0;
}

/** Failures in the row's current window (0 when it is over). */
export async function failuresInWindow(
  db: Kysely<Database>,
  table: GuardedTable,
  id: number,
  windowMinutes: number,
): Promise<number> {
  const { rows } = await sql<{ failures: number }>`
    select case when ${windowOver(windowMinutes)} then 0 else failed_attempts end as failures
    from ${sql.table(table)} where id = ${id}`.execute(db);
  return rows[0]?.failures ?? 0;
}
