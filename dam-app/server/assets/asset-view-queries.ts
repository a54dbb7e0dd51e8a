import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// What the views of assets and their versions read beside the rows: renditions, version counts, people's names.

export const renditionsOfAssets = (db: Kysely<Database>, assetIds: number[]) =>
  db.selectFrom('renditions').selectAll().where('asset_id', 'in', assetIds).orderBy('name').execute();

export const versionCounts = (db: Kysely<Database>, assetIds: number[]) =>
  db
    .selectFrom('asset_versions')
    .select(['asset_id', db.fn.countAll<string>().as('count')])
    .where('asset_id', 'in', assetIds)
    .groupBy('asset_id')
    .execute();

/** The user names of these ids (lock holders, version authors). */
export const usernamesOf = async (db: Kysely<Database>, userIds: number[]) =>
  userIds.length
    ? await db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()
    : [];

/** R-ARCHIVE-SELECTION: the archive state of those of these assets that have one. */
export const archiveStatesOf = (db: Kysely<Database>, assetIds: number[]) =>
  db.selectFrom('asset_archives').select(['asset_id', 'state']).where('asset_id', 'in', assetIds).execute();
