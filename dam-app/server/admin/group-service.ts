import type { z } from 'zod';
import type { saveGroupSchema } from '../../api/admin.ts';
import { conflict, notFound } from '../api/api-error.ts';
import { membersOfGroups, replaceGroupMembers } from './group-queries.ts';
import { namedRecords } from './named-record-service.ts';
import { existingIds } from './user-queries.ts';

type SaveGroup = z.output<typeof saveGroupSchema>;

const groups = namedRecords({
  table: 'groups',
  noun: 'group',
  nameTaken: () => conflict('group_exists', 'A group with this name already exists.', 'name'),
  saved: 'group_saved',
  deleted: 'group_deleted',
  columns: (body: SaveGroup) => ({ name: body.name, description: body.description }),
  /** Unknown user ids are refused as not found. */
  async saveLinks(db, groupId, body) {
    const unique = [...new Set(body.memberIds)];
    if ((await existingIds(db, 'users', unique)) !== unique.length) throw notFound('user');
    await replaceGroupMembers(db, groupId, unique);
  },
  async views(db, rows) {
    const members = await membersOfGroups(
      db,
      rows.map((group) => group.id),
    );
    return rows.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      memberIds: members.filter((row) => row.group_id === group.id).map((row) => row.user_id),
    }));
  },
  auditDetails: (body, change) => (change === 'updated' ? { members: body.memberIds.length } : undefined),
});

export const listGroups = groups.list;
export const createGroup = groups.create;
export const updateGroup = groups.update;
export const deleteGroup = groups.remove;
