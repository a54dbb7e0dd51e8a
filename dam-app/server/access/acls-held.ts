import type { Kysely } from 'kysely';
import type { Acl, Database } from '../db/schema.ts';

/**
 * The ACLs a user holds, directly or through a group, in one query; with `among`, only those of the given ids
 * (the set-based question "which of these may this user use?").
 */
export async function aclsHeldBy(db: Kysely<Database>, userId: number, among?: number[]): Promise<Acl[]> {
  if (among && among.length === 0) return [];
  let query = db
    .selectFrom('acls')
    .selectAll('acls')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('acl_grants')
          .leftJoin('group_members', 'group_members.group_id', 'acl_grants.group_id')
          .whereRef('acl_grants.acl_id', '=', 'acls.id')
          .where((inner) =>
            inner.or([inner('acl_grants.user_id', '=', userId), inner('group_members.user_id', '=', userId)]),
          )
          .select('acl_grants.acl_id'),
      ),
    )
    .orderBy('acls.name');
  if (among) query = query.where('acls.id', 'in', among);
  return query.execute();
}
