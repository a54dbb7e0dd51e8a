import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const grantsOfAcls = (db: Kysely<Database>, aclIds: number[]) =>
  aclIds.length
    ? db.selectFrom('acl_grants').selectAll().where('acl_id', 'in', aclIds).execute()
    : Promise.resolve([]);

export async function replaceAclGrants(
  db: Kysely<Database>,
  aclId: number,
  userIds: number[],
  groupIds: number[],
) {
  await db.deleteFrom('acl_grants').where('acl_id', '=', aclId).execute();
  const rows = [
    ...userIds.map((user_id) => ({ acl_id: aclId, user_id, group_id: null })),
    ...groupIds.map((group_id) => ({ acl_id: aclId, user_id: null, group_id })),
  ];
  if (rows.length) await db.insertInto('acl_grants').values(rows).execute();
}
