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
