import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The channel a request waiting for an upload's lock asks its holder (on whichever server) to let go on. */
export const UPLOAD_RELEASE_CHANNEL = 'dam_upload_release';

/** Takes a free lock; false when some request holds it. */
export async function insertUploadLock(db: Kysely<Database>, uploadId: string, owner: number, token: string) {
  const row = await db
    .insertInto('upload_locks')
    .values({ upload_id: uploadId, owner, token })
    .onConflict((conflict) => conflict.column('upload_id').doNothing())
    .returning('upload_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The lock's holder, locked to the end of the transaction. */
export const uploadLockHolder = (db: Kysely<Database>, uploadId: string) =>
  db
    .selectFrom('upload_locks')
    .select(['owner', 'token'])
    .where('upload_id', '=', uploadId)
    .forUpdate()
    .executeTakeFirst();

export const takeOverUploadLock = (db: Kysely<Database>, uploadId: string, owner: number, token: string) =>
  db
    .updateTable('upload_locks')
    .set({ owner, token, locked_at: new Date() })
    .where('upload_id', '=', uploadId)
    .execute();

export const deleteUploadLock = (db: Kysely<Database>, uploadId: string, token: string) =>
  db.deleteFrom('upload_locks').where('upload_id', '=', uploadId).where('token', '=', token).execute();

/** `payload` is the holding request's token and the upload id, separated by a space. */
export const askUploadRelease = (db: Kysely<Database>, payload: string) =>
  sql`select pg_notify(${UPLOAD_RELEASE_CHANNEL}, ${payload})`.execute(db);
