import { type Kysely, sql } from 'kysely';
import type { Annotation } from '../../api/discussions.ts';
import type { Database } from '../db/schema.ts';

export interface CommentRow {
  id: number;
  asset_id: number;
  version_number: number;
  parent_id: number | null;
  author_id: number | null;
  author_name: string | null;
  body: string;
  annotation: Annotation | null;
  created_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
}

const commentColumns = (db: Kysely<Database>) =>
  db
    .selectFrom('asset_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.asset_id',
      'c.version_number',
      'c.parent_id',
      'c.author_id',
      'u.username as author_name',
      'c.body',
      'c.annotation',
      'c.created_at',
      'c.edited_at',
      'c.deleted_at',
    ]);

/** The comments of one version of an asset, oldest first (a deleted one only while it still has replies). */
export async function commentsOf(db: Kysely<Database>, assetId: number, version: number) {
  const rows = await commentColumns(db)
    .where('c.asset_id', '=', assetId)
    .where('c.version_number', '=', version)
    .orderBy('c.id')
    .execute();
  return rows as CommentRow[];
}

export async function findComment(db: Kysely<Database>, id: number) {
  return (await commentColumns(db).where('c.id', '=', id).executeTakeFirst()) as CommentRow | undefined;
}

/** The usernames each of these comments mentions. */
export async function mentionsOf(db: Kysely<Database>, commentIds: number[]) {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom('comment_mentions as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.comment_id', 'm.user_id', 'u.username'])
    .where('m.comment_id', 'in', commentIds)
    .orderBy('u.username')
    .execute();
}

export async function insertComment(
  db: Kysely<Database>,
  row: {
    asset_id: number;
    version_number: number;
    parent_id: number | null;
    author_id: number;
    body: string;
    annotation: Annotation | null;
  },
) {
  const { id } = await db
    .insertInto('asset_comments')
    .values({ ...row, annotation: row.annotation ? JSON.stringify(row.annotation) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCommentBody(db: Kysely<Database>, id: number, body: string) {
  await db.updateTable('asset_comments').set({ body, edited_at: new Date() }).where('id', '=', id).execute();
}

/** Whether a comment has replies that are not themselves deleted. */
export async function hasReplies(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('asset_comments')
    .select('id')
    .where('parent_id', '=', id)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps the row (the thread still reads) with no text and no mentions. */
export async function blankComment(db: Kysely<Database>, id: number) {
  await db
    .updateTable('asset_comments')
    .set({ body: '', annotation: null, deleted_at: new Date() })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('comment_mentions').where('comment_id', '=', id).execute();
}

export async function deleteComment(db: Kysely<Database>, id: number) {
  await db.deleteFrom('asset_comments').where('id', '=', id).execute();
}

/** A deleted thread head whose last live reply just went: nothing left to read. */
export async function removeEmptyThread(db: Kysely<Database>, parentId: number) {
  await db
    .deleteFrom('asset_comments')
    .where('id', '=', parentId)
    .where('deleted_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('asset_comments as r')
            .select('r.id')
            .where('r.parent_id', '=', parentId)
            .where('r.deleted_at', 'is', null),
        ),
      ),
    )
    .execute();
}

/** Active users with these usernames (case as written), with their id. */
export async function usersNamed(db: Kysely<Database>, names: string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', names)
    .where('status', '=', 'active')
    .execute();
}

/** Active users whose username starts with `prefix` (any case), by name, at most `limit` of them. */
export async function usersStartingWith(db: Kysely<Database>, prefix: string, limit: number) {
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('status', '=', 'active')
    .where(sql<boolean>`lower(username) like lower(${pattern})`)
    .orderBy('username')
    .limit(limit)
    .execute();
}

/** Records who a comment mentions; answers those not mentioned by it before (an edit tells only them). */
export async function addMentions(db: Kysely<Database>, commentId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .insertInto('comment_mentions')
    .values(userIds.map((userId) => ({ comment_id: commentId, user_id: userId })))
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Is there a version `number` of the asset (its current one, or one kept in its history)? */
export async function versionExists(db: Kysely<Database>, assetId: number, number: number) {
  const row = await db
    .selectFrom('asset_versions')
    .select('id')
    .where('asset_id', '=', assetId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

export async function mentionedIds(db: Kysely<Database>, commentId: number) {
  const rows = await db
    .selectFrom('comment_mentions')
    .select('user_id')
    .where('comment_id', '=', commentId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Removes the notifications with these keys (a deleted comment's Mentions). */
export async function retractNotifications(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return;
  await db.deleteFrom('notifications').where('key', 'in', keys).execute();
}

/** The channel a discussion change is signalled on: the push channel tells the pages that may see the asset. */
export const DISCUSSION_CHANNEL = 'dam_discussion';

/** R-DISCUSSION-LIVE: signals a change to an asset's discussion; sent inside the change's transaction, it is heard only if it commits. */
export async function signalDiscussion(
  db: Kysely<Database>,
  change: { assetId: number; commentId: number; path: string },
) {
  await sql`select pg_notify(${DISCUSSION_CHANNEL}, ${JSON.stringify(change)})`.execute(db);
}
