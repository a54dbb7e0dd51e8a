import { type Kysely, sql } from 'kysely';
import type { Database, UserUpdate } from '../db/schema.ts';

export const allUsers = (db: Kysely<Database>) =>
  db.selectFrom('users').selectAll().orderBy(sql`lower(username)`).execute();

/** The user's status, the row locked until the transaction ends. */
export const lockUserStatus = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('users').select('status').where('id', '=', id).forUpdate().executeTakeFirst())?.status;

export const updateUserRow = (db: Kysely<Database>, id: number, changes: UserUpdate) =>
  db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export const usersNamed = (db: Kysely<Database>, ids: number[]) =>
  db.selectFrom('users').select(['id', 'username', 'special']).where('id', 'in', ids).execute();

export const deleteUserRows = (db: Kysely<Database>, ids: number[]) =>
  db.deleteFrom('users').where('id', 'in', ids).execute();

export const groupIdsOfUsers = (db: Kysely<Database>, ids: number[]) =>
  db.selectFrom('group_members').select(['user_id', 'group_id']).where('user_id', 'in', ids).execute();

export const aclIdsOfUsers = (db: Kysely<Database>, ids: number[]) =>
  db.selectFrom('acl_grants').select(['user_id', 'acl_id']).where('user_id', 'in', ids).execute();

/** How many of these ids name a row of the table: for refusing unknown ids as not found. */
export const existingIds = async (db: Kysely<Database>, table: 'users' | 'groups' | 'acls', ids: number[]) =>
  ids.length ? (await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).length : 0;

export async function replaceUserGroups(db: Kysely<Database>, userId: number, groupIds: number[]) {
  await db.deleteFrom('group_members').where('user_id', '=', userId).execute();
  if (groupIds.length)
    await db
      .insertInto('group_members')
      .values(groupIds.map((group_id) => ({ group_id, user_id: userId })))
      .execute();
}

export async function replaceUserAcls(db: Kysely<Database>, userId: number, aclIds: number[]) {
  await db.deleteFrom('acl_grants').where('user_id', '=', userId).execute();
  if (aclIds.length)
    await db
      .insertInto('acl_grants')
      .values(aclIds.map((acl_id) => ({ acl_id, user_id: userId, group_id: null })))
      .execute();
}
