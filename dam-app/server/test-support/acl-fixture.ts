import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Permission } from '../../api/accounts.ts';
import { permissionNames } from '../../api/accounts.ts';
import type { ApiClient } from './api-client.ts';
import type { TestDam } from './test-dam.ts';

export const ALL_PERMISSIONS: Permission[] = [...permissionNames];

/**
 * A user whose one ACL has `root` (created in storage) and `permissions`, logged in: the usual cast of a folder or
 * asset suite.
 */
export async function aclUser(
  dam: TestDam,
  username: string,
  root: string,
  permissions: readonly Permission[] = ALL_PERMISSIONS,
  options: { admin?: boolean } = {},
): Promise<ApiClient> {
  const { db, config } = dam.services;
  await mkdir(join(config.storageRoot, root), { recursive: true });
  const client = await dam.userClient(username, options);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const acl = await db
    .insertInto('acls')
    .values({
      name: `${username} on ${root || 'everything'}`,
      root_path: root,
      permissions: [...permissions],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('acl_grants').values({ acl_id: acl.id, user_id: user.id, group_id: null }).execute();
  return client;
}
