import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import {
  adminUserSchema,
  createUserSchema,
  deleteUsersSchema,
  idParamSchema,
  updateUserSchema,
} from '../../api/admin.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import { checkLicense, checkUsernameFree } from '../auth/account-routes.ts';
import { checkNewPassword } from '../auth/password-routes.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import { profileColumns, userView } from '../auth/views.ts';
import type { DamConfig } from '../config/config.ts';
import type { Database, User } from '../db/schema.ts';

/** Enabling a disabled account takes a licensed seat again, so it passes the license check like a new account. */
async function checkLicenseToEnable(
  trx: Transaction<Database>,
  config: DamConfig,
  id: number,
): Promise<void> {
  const current = await trx
    .selectFrom('users')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (current?.status === 'disabled') await checkLicense(trx, config);
}

async function adminUserViews(db: Kysely<Database>, users: User[]) {
  const ids = users.map((user) => user.id);
  if (ids.length === 0) return [];
  const [members, grants] = await Promise.all([
    db.selectFrom('group_members').select(['user_id', 'group_id']).where('user_id', 'in', ids).execute(),
    db.selectFrom('acl_grants').select(['user_id', 'acl_id']).where('user_id', 'in', ids).execute(),
  ]);
  return users.map((user) => ({
    ...userView(user),
    groupIds: members.filter((row) => row.user_id === user.id).map((row) => row.group_id),
    aclIds: grants.filter((row) => row.user_id === user.id).map((row) => row.acl_id),
  }));
}

/** Replaces a user's groups and direct ACL grants; unknown ids are refused as not found. */
async function setMemberships(
  db: Kysely<Database>,
  userId: number,
  groupIds: number[] | undefined,
  aclIds: number[] | undefined,
) {
  if (groupIds) {
    const found = groupIds.length
      ? await db.selectFrom('groups').select('id').where('id', 'in', groupIds).execute()
      : [];
    if (found.length !== new Set(groupIds).size) throw notFound('group');
    await db.deleteFrom('group_members').where('user_id', '=', userId).execute();
    if (groupIds.length)
      await db
        .insertInto('group_members')
        .values([...new Set(groupIds)].map((group_id) => ({ group_id, user_id: userId })))
        .execute();
  }
  if (aclIds) {
    const found = aclIds.length
      ? await db.selectFrom('acls').select('id').where('id', 'in', aclIds).execute()
      : [];
    if (found.length !== new Set(aclIds).size) throw notFound('ACL');
    await db.deleteFrom('acl_grants').where('user_id', '=', userId).execute();
    if (aclIds.length)
      await db
        .insertInto('acl_grants')
        .values([...new Set(aclIds)].map((acl_id) => ({ acl_id, user_id: userId, group_id: null })))
        .execute();
  }
}

export const adminUserRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/users',
    tag: 'Administration',
    summary: 'Every user with their groups and ACLs',
    auth: 'admin',
    response: z.array(adminUserSchema),
    async handler({ services }) {
      const users = await services.db.selectFrom('users').selectAll().orderBy(sql`lower(username)`).execute();
      return adminUserViews(services.db, users);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/{id}',
    tag: 'Administration',
    summary: 'One user',
    auth: 'admin',
    params: idParamSchema,
    response: adminUserSchema,
    async handler({ services, params }) {
      const user = await services.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!user) throw notFound('user');
      const [view] = await adminUserViews(services.db, [user]);
      return view as NonNullable<typeof view>;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/users',
    tag: 'Administration',
    summary: 'Create an active user',
    auth: 'admin',
    body: createUserSchema,
    response: adminUserSchema,
    status: 201,
    async handler({ services, principal, body, ip }) {
      const { db, config } = services;
      checkNewPassword(body.password, config);
      const hash = await hashPassword(body.password, config.scryptLogN);
      const user = await db.transaction().execute(async (trx) => {
        await checkLicense(trx, config);
        await checkUsernameFree(trx, body.username);
        const created = await trx
          .insertInto('users')
          .values({
            username: body.username,
            password_hash: hash,
            status: 'active',
            is_admin: body.isAdmin,
            ...profileColumns(body.profile),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await setMemberships(trx, created.id, body.groupIds, body.aclIds);
        await audit(trx, { actorId: principal.user.id, event: 'user_created', target: created.username, ip });
        return created;
      });
      const [view] = await adminUserViews(db, [user]);
      return view as NonNullable<typeof view>;
    },
  }),
  defineRoute({
    method: 'put',
    path: '/admin/users/{id}',
    tag: 'Administration',
    summary: "Change a user's profile, role, status, groups, ACLs or password",
    auth: 'admin',
    params: idParamSchema,
    body: updateUserSchema,
    response: adminUserSchema,
    async handler({ services, principal, params, body, ip }) {
      const { db, config } = services;
      if (params.id === principal.user.id && (body.isAdmin === false || body.status === 'disabled'))
        throw new ApiError(
          409,
          'own_account',
          'You cannot remove your own administrator rights or disable yourself.',
        );
      if (body.password !== undefined) checkNewPassword(body.password, config);
      const hash =
        body.password === undefined ? undefined : await hashPassword(body.password, config.scryptLogN);
      const user = await db.transaction().execute(async (trx) => {
        if (body.status === 'active') await checkLicenseToEnable(trx, config, params.id);
        const updated = await trx
          .updateTable('users')
          .set({
            ...(body.profile ? profileColumns(body.profile) : {}),
            ...(body.isAdmin === undefined ? {} : { is_admin: body.isAdmin }),
            ...(body.status === undefined ? {} : { status: body.status }),
            ...(hash === undefined ? {} : { password_hash: hash }),
            updated_at: new Date(),
          })
          .where('id', '=', params.id)
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw notFound('user');
        await setMemberships(trx, updated.id, body.groupIds, body.aclIds);
        if (hash !== undefined || body.status === 'disabled') await endOtherSessions(trx, updated.id);
        const changed = Object.keys(body).filter((key) => key !== 'password' || hash !== undefined);
        await audit(trx, {
          actorId: principal.user.id,
          event: 'user_updated',
          target: updated.username,
          ip,
          details: { changed },
        });
        return updated;
      });
      const [view] = await adminUserViews(db, [user]);
      return view as NonNullable<typeof view>;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/users/delete',
    tag: 'Administration',
    summary: 'Delete a selection of users (never root, nologin or guest, nor yourself)',
    auth: 'admin',
    body: deleteUsersSchema,
    response: okSchema.extend({ deleted: z.number() }),
    async handler({ services, principal, body, ip }) {
      return services.db.transaction().execute(async (trx) => {
        const users = await trx
          .selectFrom('users')
          .select(['id', 'username', 'special'])
          .where('id', 'in', body.ids)
          .execute();
        if (users.length !== new Set(body.ids).size) throw notFound('user');
        if (users.some((user) => user.special !== null))
          throw new ApiError(409, 'special_users', MESSAGES.specialUsers);
        if (users.some((user) => user.id === principal.user.id))
          throw new ApiError(409, 'own_account', 'You cannot delete your own account.');
        await trx.deleteFrom('users').where('id', 'in', body.ids).execute();
        for (const user of users)
          await audit(trx, { actorId: principal.user.id, event: 'user_deleted', target: user.username, ip });
        return { ok: true as const, deleted: users.length };
      });
    },
  }),
];
