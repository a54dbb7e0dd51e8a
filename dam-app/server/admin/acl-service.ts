import { mkdir } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { aclSchema, saveAclSchema } from '../../api/admin.ts';
import type { Principal } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import { conflict, invalid, notFound } from '../api/api-error.ts';
import type { Database } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { grantsOfAcls, replaceAclGrants } from './acl-queries.ts';
import { namedRecords } from './named-record-service.ts';
import { existingIds } from './user-queries.ts';

type SaveAcl = z.output<typeof saveAclSchema>;

/** Unknown user or group ids are refused as not found. */
async function saveGrants(db: Kysely<Database>, aclId: number, body: SaveAcl) {
  const users = [...new Set(body.userIds)];
  const groups = [...new Set(body.groupIds)];
  const foundUsers = await existingIds(db, 'users', users);
  const foundGroups = await existingIds(db, 'groups', groups);
  if (foundUsers !== users.length) throw notFound('user');
  if (foundGroups !== groups.length) throw notFound('group');
  await replaceAclGrants(db, aclId, users, groups);
}

const acls = namedRecords({
  table: 'acls',
  noun: 'ACL',
  nameTaken: () => conflict('acl_exists', 'An ACL with this name already exists.', 'name'),
  saved: 'acl_saved',
  deleted: 'acl_deleted',
  columns: (body: SaveAcl) => ({ name: body.name, root_path: body.rootPath, permissions: body.permissions }),
  saveLinks: saveGrants,
  async views(db, rows) {
    const grants = await grantsOfAcls(
      db,
      rows.map((acl) => acl.id),
    );
    return rows.map((acl) => {
      const mine = grants.filter((grant) => grant.acl_id === acl.id);
      return {
        id: acl.id,
        name: acl.name,
        rootPath: acl.root_path,
        permissions: acl.permissions as z.infer<typeof aclSchema>['permissions'],
        userIds: mine.flatMap((grant) => (grant.user_id === null ? [] : [grant.user_id])),
        groupIds: mine.flatMap((grant) => (grant.group_id === null ? [] : [grant.group_id])),
      };
    });
  },
  auditDetails: (body) => ({ rootPath: body.rootPath, permissions: body.permissions }),
});

/** The ACL's root folder in storage, or a 400 when the path would leave the storage root. */
function confinedRoot(services: DamServices, rootPath: string): string {
  const root = confinePath(services.config.storageRoot, rootPath);
  if (!root) throw invalid({ rootPath: 'The root path must stay inside the storage root.' });
  return root;
}

export const listAcls = acls.list;

/** Creates the ACL and, when missing, its root folder in storage. */
export async function createAcl(services: DamServices, principal: Principal, body: SaveAcl, ip: string) {
  const root = confinedRoot(services, body.rootPath);
  const view = await acls.create(services, principal, body, ip);
  await mkdir(root, { recursive: true });
  return view;
}

export async function updateAcl(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SaveAcl,
  ip: string,
) {
  confinedRoot(services, body.rootPath);
  return acls.update(services, principal, id, body, ip);
}

export const deleteAcl = acls.remove;
