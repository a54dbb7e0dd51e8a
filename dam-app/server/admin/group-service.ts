import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { saveGroupSchema } from '../../api/admin.ts';
import type { Principal } from '../access/principal.ts';
import { conflict, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import {
  deleteGroupRow,
  groupRows,
  insertGroup,
  membersOfGroups,
  replaceGroupMembers,
  updateGroupRow,
} from './group-queries.ts';
import { existingIds } from './user-queries.ts';

type SaveGroup = z.output<typeof saveGroupSchema>;

async function groupViews(db: Kysely<Database>, id?: number) {
  const groups = await groupRows(db, id);
  const members = await membersOfGroups(
    db,
    groups.map((group) => group.id),
  );
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    memberIds: members.filter((row) => row.group_id === group.id).map((row) => row.user_id),
  }));
}

async function groupView(db: Kysely<Database>, id: number) {
  const [view] = await groupViews(db, id);
  return view as NonNullable<typeof view>;
}

/** Unknown user ids are refused as not found. */
async function saveMembers(db: Kysely<Database>, groupId: number, memberIds: number[]) {
  const unique = [...new Set(memberIds)];
  if ((await existingIds(db, 'users', unique)) !== unique.length) throw notFound('user');
  await replaceGroupMembers(db, groupId, unique);
}

const nameTaken = () => conflict('group_exists', 'A group with this name already exists.', 'name');

export const listGroups = (services: DamServices) => groupViews(services.db);

export async function createGroup(services: DamServices, principal: Principal, body: SaveGroup, ip: string) {
  const id = await services.db.transaction().execute(async (trx) => {
    const id = await insertGroup(trx, body.name, body.description);
    if (id === undefined) throw nameTaken();
    await saveMembers(trx, id, body.memberIds);
    await audit(trx, { actorId: principal.user.id, event: 'group_saved', target: body.name, ip });
    return id;
  });
  return groupView(services.db, id);
}

export async function updateGroup(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SaveGroup,
  ip: string,
) {
  // The unique index on lower(name) is the one check of a clash, also between two renames at once.
  await services.db
    .transaction()
    .execute(async (trx) => {
      if ((await updateGroupRow(trx, id, body.name, body.description)) === undefined) throw notFound('group');
      await saveMembers(trx, id, body.memberIds);
      await audit(trx, {
        actorId: principal.user.id,
        event: 'group_saved',
        target: body.name,
        ip,
        details: { members: body.memberIds.length },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return groupView(services.db, id);
}

export async function deleteGroup(services: DamServices, principal: Principal, id: number, ip: string) {
  const name = await deleteGroupRow(services.db, id);
  if (name === undefined) throw notFound('group');
  await audit(services.db, { actorId: principal.user.id, event: 'group_deleted', target: name, ip });
}
