import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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
