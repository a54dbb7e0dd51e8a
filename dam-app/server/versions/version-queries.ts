import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** An asset's versions, newest first. */
export const versionsOfAsset = (db: Kysely<Database>, assetId: number) =>
  db
    .selectFrom('asset_versions')
    .selectAll()
    .where('asset_id', '=', assetId)
    .orderBy('number', 'desc')
    .execute();

export const usernamesOf = async (db: Kysely<Database>, userIds: number[]) =>
  userIds.length
    ? await db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()
    : [];

/** Locks the asset for `userId` unless another holds it; false when another won the race. */
export const takeLock = async (db: Kysely<Database>, assetId: number, userId: number, since: Date) =>
  Number(
    (
      await db
        .updateTable('assets')
        .set({ checked_out_by: userId, checked_out_at: since })
        .where('id', '=', assetId)
        .where((eb) => eb.or([eb('checked_out_by', 'is', null), eb('checked_out_by', '=', userId)]))
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;

export const releaseLock = (db: Kysely<Database>, assetId: number) =>
  db
    .updateTable('assets')
    .set({ checked_out_by: null, checked_out_at: null })
    .where('id', '=', assetId)
    .execute();

export const versionRow = (db: Kysely<Database>, assetId: number, number: number) =>
  db
    .selectFrom('asset_versions')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('number', '=', number)
    .executeTakeFirst();

export const assetAtPath = (db: Kysely<Database>, path: string) =>
  db.selectFrom('assets').select('id').where('path', '=', path).executeTakeFirst();

/** The file at `path` if an upload session of `userId` delivered it. */
export const uploadedBy = (db: Kysely<Database>, path: string, userId: number) =>
  db
    .selectFrom('upload_files')
    .innerJoin('upload_sessions', 'upload_sessions.cookie', 'upload_files.cookie')
    .select('upload_files.path')
    .where('upload_files.path', '=', path)
    .where('upload_sessions.user_id', '=', userId)
    .executeTakeFirst();
