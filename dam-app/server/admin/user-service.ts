import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { createUserSchema, updateUserSchema } from '../../api/admin.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import { findUser } from '../auth/account-queries.ts';
import { checkLicense, insertLicensedUser } from '../auth/account-service.ts';
import { newPasswordHash } from '../auth/password-service.ts';
import { endOtherSessions } from '../auth/session-queries.ts';
import { profileColumns, userView } from '../auth/views.ts';
import type { DamConfig } from '../config/config.ts';
import type { Database, User } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import {
  aclIdsOfUsers,
  allUsers,
  deleteUserRows,
  existingIds,
  groupIdsOfUsers,
  lockUserStatus,
  replaceUserAcls,
  replaceUserGroups,
  updateUserRow,
  usersNamed,
} from './user-queries.ts';

/** Enabling a disabled account takes a licensed seat again, so it passes the license check like a new account. */
async function checkLicenseToEnable(
  trx: Transaction<Database>,
  config: DamConfig,
  id: number,
): Promise<void> {
  if ((await lockUserStatus(trx, id)) === 'disabled') await checkLicense(trx, config);
}

async function adminUserViews(db: Kysely<Database>, users: User[]) {
  const ids = users.map((user) => user.id);
  if (ids.length === 0) return [];
  const [members, grants] = await Promise.all([groupIdsOfUsers(db, ids), aclIdsOfUsers(db, ids)]);
  return users.map((user) => ({
    ...userView(user),
    groupIds: members.filter((row) => row.user_id === user.id).map((row) => row.group_id),
    aclIds: grants.filter((row) => row.user_id === user.id).map((row) => row.acl_id),
  }));
}

async function adminUserView(db: Kysely<Database>, user: User) {
  const [view] = await adminUserViews(db, [user]);
  return view as NonNullable<typeof view>;
}

/** Replaces a user's groups and direct ACL grants; unknown ids are refused as not found. */
async function setMemberships(
  db: Kysely<Database>,
  userId: number,
  groupIds: number[] | undefined,
  aclIds: number[] | undefined,
) {
  if (groupIds) {
    const unique = [...new Set(groupIds)];
    if ((await existingIds(db, 'groups', groupIds)) !== unique.length) throw notFound('group');
    await replaceUserGroups(db, userId, unique);
  }
  if (aclIds) {
    const unique = [...new Set(aclIds)];
    if ((await existingIds(db, 'acls', aclIds)) !== unique.length) throw notFound('ACL');
    await replaceUserAcls(db, userId, unique);
  }
}

export const listUsers = async (services: DamServices) =>
  adminUserViews(services.db, await allUsers(services.db));

export async function getUser(services: DamServices, id: number) {
  const user = await findUser(services.db, id);
  if (!user) throw notFound('user');
  return adminUserView(services.db, user);
}

export async function createUser(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof createUserSchema>,
  ip: string,
) {
  const { db, config } = services;
  const hash = await newPasswordHash(body.password, config);
  const user = await db.transaction().execute(async (trx) => {
    const created = await insertLicensedUser(trx, config, {
      username: body.username,
      password_hash: hash,
      status: 'active',
      is_admin: body.isAdmin,
      ...profileColumns(body.profile),
    });
    await setMemberships(trx, created.id, body.groupIds, body.aclIds);
    await audit(trx, { actorId: principal.user.id, event: 'user_created', target: created.username, ip });
    return created;
  });
  return adminUserView(db, user);
}

export async function updateUser(
  services: DamServices,
  principal: Principal,
  id: number,
  body: z.output<typeof updateUserSchema>,
  ip: string,
) {
  const { db, config } = services;
  if (id === principal.user.id && (body.isAdmin === false || body.status === 'disabled'))
    throw new ApiError(
      409,
      'own_account',
      'You cannot remove your own administrator rights or disable yourself.',
    );
  const hash = body.password === undefined ? undefined : await newPasswordHash(body.password, config);
  const user = await db.transaction().execute(async (trx) => {
    if (body.status === 'active') await checkLicenseToEnable(trx, config, id);
    const updated = await updateUserRow(trx, id, {
      ...(body.profile ? profileColumns(body.profile) : {}),
      ...(body.isAdmin === undefined ? {} : { is_admin: body.isAdmin }),
      ...(body.status === undefined ? {} : { status: body.status }),
      ...(hash === undefined ? {} : { password_hash: hash }),
      updated_at: new Date(),
    });
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
  return adminUserView(db, user);
}

/** Deletes a selection of users, never a special one nor the administrator themself; answers how many. */
export async function deleteUsers(services: DamServices, principal: Principal, ids: number[], ip: string) {
  return services.db.transaction().execute(async (trx) => {
    const users = await usersNamed(trx, ids);
    if (users.length !== new Set(ids).size) throw notFound('user');
    if (users.some((user) => user.special !== null))
      throw new ApiError(409, 'special_users', MESSAGES.specialUsers);
    if (users.some((user) => user.id === principal.user.id))
      throw new ApiError(409, 'own_account', 'You cannot delete your own account.');
    await deleteUserRows(trx, ids);
    for (const user of users)
      await audit(trx, { actorId: principal.user.id, event: 'user_deleted', target: user.username, ip });
    return users.length;
  });
}
