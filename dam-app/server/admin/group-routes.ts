import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import { groupSchema, idParamSchema, saveGroupSchema } from '../../api/admin.ts';
import { conflict, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

async function groupViews(db: Kysely<Database>, where?: number) {
  let query = db.selectFrom('groups').selectAll().orderBy(sql`lower(name)`);
  if (where !== undefined) query = query.where('id', '=', where);
  const groups = await query.execute();
  const members = groups.length
    ? await db
        .selectFrom('group_members')
        .select(['group_id', 'user_id'])
        .where(
          'group_id',
          'in',
          groups.map((group) => group.id),
        )
        .execute()
    : [];
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    memberIds: members.filter((row) => row.group_id === group.id).map((row) => row.user_id),
  }));
}

async function saveMembers(db: Kysely<Database>, groupId: number, memberIds: number[]) {
  const unique = [...new Set(memberIds)];
  const found = unique.length
    ? await db.selectFrom('users').select('id').where('id', 'in', unique).execute()
    : [];
  if (found.length !== unique.length) throw notFound('user');
  await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  if (unique.length)
    await db
      .insertInto('group_members')
      .values(unique.map((user_id) => ({ group_id: groupId, user_id })))
      .execute();
}

const nameTaken = () => conflict('group_exists', 'A group with this name already exists.', 'name');

export const adminGroupRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/groups',
    tag: 'Administration',
    summary: 'Every group with its members',
    auth: 'admin',
    response: z.array(groupSchema),
    async handler({ services }) {
      return groupViews(services.db);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/groups',
    tag: 'Administration',
    summary: 'Create a group',
    auth: 'admin',
    body: saveGroupSchema,
    response: groupSchema,
    status: 201,
    async handler({ services, principal, body, ip }) {
      const id = await services.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('groups')
          .values({ name: body.name, description: body.description })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw nameTaken();
        await saveMembers(trx, row.id, body.memberIds);
        await audit(trx, { actorId: principal.user.id, event: 'group_saved', target: body.name, ip });
        return row.id;
      });
      const [view] = await groupViews(services.db, id);
      return view as NonNullable<typeof view>;
    },
  }),
  defineRoute({
    method: 'put',
    path: '/admin/groups/{id}',
    tag: 'Administration',
    summary: "Change a group's name, description and members",
    auth: 'admin',
    params: idParamSchema,
    body: saveGroupSchema,
    response: groupSchema,
    async handler({ services, principal, params, body, ip }) {
      // The unique index on lower(name) is the one check of a clash, also between two renames at once.
      await services.db
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .updateTable('groups')
            .set({ name: body.name, description: body.description })
            .where('id', '=', params.id)
            .returning('id')
            .executeTakeFirst();
          if (!row) throw notFound('group');
          await saveMembers(trx, row.id, body.memberIds);
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
      const [view] = await groupViews(services.db, params.id);
      return view as NonNullable<typeof view>;
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/groups/{id}',
    tag: 'Administration',
    summary: 'Delete a group (its members stay; ACLs granted through it are no longer held)',
    auth: 'admin',
    params: idParamSchema,
    response: okSchema,
    async handler({ services, principal, params, ip }) {
      const row = await services.db
        .deleteFrom('groups')
        .where('id', '=', params.id)
        .returning('name')
        .executeTakeFirst();
      if (!row) throw notFound('group');
      await audit(services.db, { actorId: principal.user.id, event: 'group_deleted', target: row.name, ip });
      return { ok: true as const };
    },
  }),
];
