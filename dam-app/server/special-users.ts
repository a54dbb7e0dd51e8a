import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

/**
 * The built-in users of R-SPECIAL-USERS. root is an administrator that needs ACLs like anyone (and has no password until
 * one is set); nologin can never log in; guest is the identity of anonymous access. None can be deleted.
 */
export async function ensureSpecialUsers(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('users')
    .values([
      { username: 'root', status: 'active', special: 'root', is_admin: true },
      { username: 'nologin', status: 'active', special: 'nologin' },
      { username: 'guest', status: 'active', special: 'guest' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}
