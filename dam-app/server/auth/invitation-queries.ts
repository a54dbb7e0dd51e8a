import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** An invitation with the name of its default group. */
export const invitationWithGroup = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('invitations')
    .leftJoin('groups', 'groups.id', 'invitations.default_group_id')
    .selectAll('invitations')
    .select('groups.name as group_name')
    .where('invitations.id', '=', id)
    .executeTakeFirst();

/** The invitation, locked until the transaction ends. */
export const lockInvitation = (db: Kysely<Database>, id: string) =>
  db.selectFrom('invitations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const groupExists = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const insertInvitation = (
  db: Kysely<Database>,
  values: {
    id: string;
    email: string;
    default_group_id: number | null;
    invited_by: number;
    expires_at: Date;
  },
) => db.insertInto('invitations').values(values).returningAll().executeTakeFirstOrThrow();

export async function deleteInvitationRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('invitations').where('id', '=', id).execute();
}

export const allInvitations = (db: Kysely<Database>) =>
  db.selectFrom('invitations').selectAll().orderBy('created_at', 'desc').execute();

/** Withdraws an open invitation: its address, or nothing when it was already accepted or withdrawn. */
export const withdrawOpenInvitation = async (db: Kysely<Database>, id: string) =>
  (
    await db
      .updateTable('invitations')
      .set({ deleted_at: new Date() })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('deleted_at', 'is', null)
      .returning('email')
      .executeTakeFirst()
  )?.email;

export async function addGroupMember(db: Kysely<Database>, groupId: number, userId: number): Promise<void> {
  await db.insertInto('group_members').values({ group_id: groupId, user_id: userId }).execute();
}

export async function markAccepted(db: Kysely<Database>, id: string, userId: number): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ accepted_at: sql<Date>`now()`, accepted_user_id: userId })
    .where('id', '=', id)
    .execute();
}
