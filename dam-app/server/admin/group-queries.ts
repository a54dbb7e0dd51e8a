import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every group by name, or the one with this id. */
export function groupRows(db: Kysely<Database>, id?: number) {
  let query = db.selectFrom('groups').selectAll().orderBy(sql`lower(name)`);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
}

export const membersOfGroups = (db: Kysely<Database>, groupIds: number[]) =>
  groupIds.length
    ? db
        .selectFrom('group_members')
        .select(['group_id', 'user_id'])
        .where('group_id', 'in', groupIds)
        .execute()
    : Promise.resolve([]);

export async function replaceGroupMembers(db: Kysely<Database>, groupId: number, userIds: number[]) {
  await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  if (userIds.length)
    await db
      .insertInto('group_members')
      .values(userIds.map((user_id) => ({ group_id: groupId, user_id })))
      .execute();
}

/** The new group's id, or nothing when the name is taken. */
export const insertGroup = async (db: Kysely<Database>, name: string, description: string) =>
  (
    await db
      .insertInto('groups')
      .values({ name, description })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const updateGroupRow = async (db: Kysely<Database>, id: number, name: string, description: string) =>
  (
    await db
      .updateTable('groups')
      .set({ name, description })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** The deleted group's name, or nothing when there was none. */
export const deleteGroupRow = async (db: Kysely<Database>, id: number) =>
  (await db.deleteFrom('groups').where('id', '=', id).returning('name').executeTakeFirst())?.name;
