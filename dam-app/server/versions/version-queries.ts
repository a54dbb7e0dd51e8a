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
