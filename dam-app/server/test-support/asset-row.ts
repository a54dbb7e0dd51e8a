import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';

/**
 * An asset row at `path` (its folder row made if missing) without a file: for suites that test what the index
 * answers (search, the push channel), not ingest. The name is the file name unless `dateAdded` or others say more.
 */
export async function insertAssetRow(
  db: Kysely<Database>,
  path: string,
  fields: { dateAdded?: Date } = {},
): Promise<number> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const row = await db
    .insertInto('assets')
    .values({
      folder_id: await ensureFolderRow(db, path.slice(0, path.lastIndexOf('/'))),
      path,
      name,
      file_name: name,
      description: '',
      file_type: 'BIN',
      mime_type: 'application/octet-stream',
      kind: 'other',
      size: 1000,
      content_hash: path,
      keywords: [],
      date_created: new Date('2020-06-01T00:00:00Z'),
      rendition_state: 'done',
      ...(fields.dateAdded ? { date_added: fields.dateAdded } : {}),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
