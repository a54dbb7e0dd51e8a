import { mkdir } from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import { aclSchema, idParamSchema, saveAclSchema } from '../../api/admin.ts';
import { confinePath } from '../access/storage-path.ts';
import { conflict, invalid, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

async function aclViews(db: Kysely<Database>, where?: number) {
  let query = db.selectFrom('acls').selectAll().orderBy(sql`lower(name)`);
  if (where !== undefined) query = query.where('id', '=', where);
  const acls = await query.execute();
  const grants = acls.length
    ? await db
        .selectFrom('acl_grants')
        .selectAll()
        .where(
          'acl_id',
          'in',
          acls.map((acl) => acl.id),
        )
        .execute()
    : [];
  return acls.map((acl) => {
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
}

async function saveGrants(db: Kysely<Database>, aclId: number, userIds: number[], groupIds: number[]) {
  const users = [...new Set(userIds)];
  const groups = [...new Set(groupIds)];
  const foundUsers = users.length
    ? await db.selectFrom('users').select('id').where('id', 'in', users).execute()
    : [];
  const foundGroups = groups.length
    ? await db.selectFrom('groups').select('id').where('id', 'in', groups).execute()
    : [];
  if (foundUsers.length !== users.length) throw notFound('user');
  if (foundGroups.length !== groups.length) throw notFound('group');
  await db.deleteFrom('acl_grants').where('acl_id', '=', aclId).execute();
  const rows = [
    ...users.map((user_id) => ({ acl_id: aclId, user_id, group_id: null })),
    ...groups.map((group_id) => ({ acl_id: aclId, user_id: null, group_id })),
  ];
  if (rows.length) await db.insertInto('acl_grants').values(rows).execute();
}

const nameTaken = () => conflict('acl_exists', 'An ACL with this name already exists.', 'name');

export const adminAclRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/acls',
    tag: 'Administration',
    summary: 'Every ACL: root path, permissions and who holds it',
    auth: 'admin',
    response: z.array(aclSchema),
    async handler({ services }) {
      return aclViews(services.db);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/acls',
    tag: 'Administration',
    summary: 'Create an ACL; its root folder is created in storage if missing',
    auth: 'admin',
    body: saveAclSchema,
    response: aclSchema,
    status: 201,
    async handler({ services, principal, body, ip }) {
      const root = confinePath(services.config.storageRoot, body.rootPath);
      if (!root) throw invalid({ rootPath: 'The root path must stay inside the storage root.' });
      const id = await services.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('acls')
          .values({ name: body.name, root_path: body.rootPath, permissions: body.permissions })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw nameTaken();
        await saveGrants(trx, row.id, body.userIds, body.groupIds);
        await audit(trx, {
          actorId: principal.user.id,
          event: 'acl_saved',
          target: body.name,
          ip,
          details: { rootPath: body.rootPath, permissions: body.permissions },
        });
        return row.id;
      });
      await mkdir(root, { recursive: true });
      const [view] = await aclViews(services.db, id);
      return view as NonNullable<typeof view>;
    },
  }),
  defineRoute({
    method: 'put',
    path: '/admin/acls/{id}',
    tag: 'Administration',
    summary: "Change an ACL's name, root path, permissions and holders",
    auth: 'admin',
    params: idParamSchema,
    body: saveAclSchema,
    response: aclSchema,
    async handler({ services, principal, params, body, ip }) {
      if (!confinePath(services.config.storageRoot, body.rootPath))
        throw invalid({ rootPath: 'The root path must stay inside the storage root.' });
      // The unique index on lower(name) is the one check of a clash, also between two renames at once.
      await services.db
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .updateTable('acls')
            .set({ name: body.name, root_path: body.rootPath, permissions: body.permissions })
            .where('id', '=', params.id)
            .returning('id')
            .executeTakeFirst();
          if (!row) throw notFound('ACL');
          await saveGrants(trx, row.id, body.userIds, body.groupIds);
          await audit(trx, {
            actorId: principal.user.id,
            event: 'acl_saved',
            target: body.name,
            ip,
            details: { rootPath: body.rootPath, permissions: body.permissions },
          });
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? nameTaken() : error;
        });
      const [view] = await aclViews(services.db, params.id);
      return view as NonNullable<typeof view>;
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/acls/{id}',
    tag: 'Administration',
    summary: 'Delete an ACL (its folder and files stay in storage)',
    auth: 'admin',
    params: idParamSchema,
    response: okSchema,
    async handler({ services, principal, params, ip }) {
      const row = await services.db
        .deleteFrom('acls')
        .where('id', '=', params.id)
        .returning('name')
        .executeTakeFirst();
      if (!row) throw notFound('ACL');
      await audit(services.db, { actorId: principal.user.id, event: 'acl_deleted', target: row.name, ip });
      return { ok: true as const };
    },
  }),
];
