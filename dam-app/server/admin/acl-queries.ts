import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AclColumns {
  name: string;
  root_path: string;
  permissions: string[];
  relative_path_held?: boolean;
  relative_path?: string | null;
}

/** Every ACL by name, or the one with this id. */
export function aclRows(db: Kysely<Database>, id?: number) {
  let query = db.selectFrom('acls').selectAll().orderBy(sql`lower(name)`);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
}

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

/** The new ACL's id, or nothing when the name is taken. */
export const insertAcl = async (db: Kysely<Database>, columns: AclColumns) =>
  (
    await db
      .insertInto('acls')
      .values(columns)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const updateAclRow = async (db: Kysely<Database>, id: number, columns: AclColumns) =>
  (await db.updateTable('acls').set(columns).where('id', '=', id).returning('id').executeTakeFirst())?.id;

/** The deleted ACL's name, or nothing when there was none. */
export const deleteAclRow = async (db: Kysely<Database>, id: number) =>
  (await db.deleteFrom('acls').where('id', '=', id).returning('name').executeTakeFirst())?.name;
