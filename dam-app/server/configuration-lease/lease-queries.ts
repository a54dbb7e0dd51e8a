import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes or renews the lease in one statement: it goes to `userId` when free, expired or already theirs. Answers the
 * lease row when they hold it now, undefined when another holds a live one.
 */
export async function takeLease(db: Kysely<Database>, scope: string, userId: number, seconds: number) {
  const expires = sql<Date>`now() + make_interval(secs => ${seconds})`;
  return db
    .insertInto('configuration_leases')
    .values({ scope, user_id: userId, expires_at: expires })
    .onConflict((conflict) =>
      conflict
        .column('scope')
        .doUpdateSet({ user_id: userId, expires_at: expires })
        .where((eb) =>
          eb.or([
            eb('configuration_leases.user_id', '=', userId),
            eb('configuration_leases.expires_at', '<', sql<Date>`now()`),
          ]),
        ),
    )
    .returning(['scope', 'user_id', 'expires_at'])
    .executeTakeFirst();
}

/** The live lease on a scope with its holder's name, if any. */
export const liveLease = (db: Kysely<Database>, scope: string) =>
  db
    .selectFrom('configuration_leases')
    .innerJoin('users', 'users.id', 'configuration_leases.user_id')
    .select(['scope', 'user_id', 'expires_at', 'users.username'])
    .where('scope', '=', scope)
    .where('expires_at', '>=', sql<Date>`now()`)
    .executeTakeFirst();

export const releaseLease = (db: Kysely<Database>, scope: string, userId: number) =>
  db.deleteFrom('configuration_leases').where('scope', '=', scope).where('user_id', '=', userId).execute();
