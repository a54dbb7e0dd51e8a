import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const apiKeysOf = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

/** The new key's row, or nothing when the person already has a key of that name. */
export const insertApiKey = (
  db: Kysely<Database>,
  values: { user_id: number; name: string; key_hash: string; prefix: string },
) =>
  db
    .insertInto('api_keys')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();

/** The revoked key's name, or nothing when the person has no key of that id. */
export const deleteApiKey = async (db: Kysely<Database>, userId: number, id: number) =>
  (
    await db
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('name')
      .executeTakeFirst()
  )?.name;
