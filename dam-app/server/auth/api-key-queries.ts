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

/** The user an API key (by its hash) belongs to, with the key's id and when it was last used. */
export const apiKeyHolder = (db: Kysely<Database>, keyHash: string) =>
  db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('users')
    .select(['api_keys.id as key_id', 'api_keys.last_used_at'])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();

export async function touchApiKey(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}
