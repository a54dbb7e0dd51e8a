import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { belowPattern } from './acl-scope.ts';

export const folderById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Every folder row below `path` (not the folder itself), parents before children. */
export const foldersBelow = (db: Kysely<Database>, path: string) =>
  db
    .selectFrom('folders')
    .selectAll()
    .where(sql<boolean>`path like ${belowPattern(path)}`)
    .orderBy(sql`path collate "C"`)
    .execute();

/**
 * An active asset below `path` that blocks changing the folder: one another user than `userId` has checked out, or,
 * for a move, a video still transcoding.
 */
export const busyAssetBelow = (db: Kysely<Database>, path: string, userId: number, forMove: boolean) =>
  db
    .selectFrom('assets')
    .select(['id', 'checked_out_by', 'kind', 'rendition_state'])
    .where('status', '=', 'active')
    .where(sql<boolean>`path like ${belowPattern(path)}`)
    .where((eb) =>
      eb.or([
        eb.and([eb('checked_out_by', 'is not', null), eb('checked_out_by', '<>', userId)]),
        ...(forMove ? [eb.and([eb('kind', '=', 'video'), eb('rendition_state', '=', 'pending')])] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
