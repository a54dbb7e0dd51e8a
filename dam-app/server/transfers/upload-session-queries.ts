import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The user's own upload session for a cookie. */
export const ownUploadSession = (db: Kysely<Database>, userId: number, cookie: string) =>
  db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('cookie', '=', cookie)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Records the first time a step happened (a repeat keeps the first). */
export const markUploadSession = (
  db: Kysely<Database>,
  cookie: string,
  column: 'started_at' | 'finished_at' | 'cancelled_at',
) =>
  db
    .updateTable('upload_sessions')
    .set({ [column]: sql<Date>`coalesce(${sql.ref(column)}, now())` })
    .where('cookie', '=', cookie)
    .execute();

/** error_upload: the message and the node's error code (-1 when the page did not say). */
export const setUploadError = (db: Kysely<Database>, cookie: string, message: string, code: number) =>
  db
    .updateTable('upload_sessions')
    .set({ error_message: message, error_code: code })
    .where('cookie', '=', cookie)
    .execute();

/** cancelled_upload: when (the first time) and the file it named. */
export const cancelUploadSession = (db: Kysely<Database>, cookie: string, filename: string | null) =>
  db
    .updateTable('upload_sessions')
    .set({
      cancelled_at: sql<Date>`coalesce(cancelled_at, now())`,
      cancelled_filename: sql<string | null>`coalesce(${filename}::text, cancelled_filename)`,
    })
    .where('cookie', '=', cookie)
    .execute();

/** The user's latest 200 upload sessions' cookies and nodes. */
export const recentUploadSessions = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('upload_sessions')
    .select(['cookie', 'node_url'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();

export const insertUploadSession = (
  db: Kysely<Database>,
  values: {
    cookie: string;
    user_id: number;
    node_url: string;
    destination: string;
    file_count: number;
    workspace_id: number | null;
  },
) => db.insertInto('upload_sessions').values(values).execute();

/** Registers completed files once each (a file refused by the antivirus settled at once); answers the new paths. */
export const insertUploadFiles = (
  db: Kysely<Database>,
  files: { cookie: string; path: string; transfer_id: string; settled_at?: Date }[],
) =>
  db
    .insertInto('upload_files')
    .values(files)
    .onConflict((oc) => oc.doNothing())
    .returning('path')
    .execute();

/** The paths of an upload already registered for ingest (or refused by the antivirus): a repeat scans none again. */
export const registeredUploadPaths = async (db: Kysely<Database>, cookie: string) =>
  (await db.selectFrom('upload_files').select('path').where('cookie', '=', cookie).execute()).map(
    (row) => row.path,
  );

/** R-UPLOAD-FORM: a registered file's ingest is over, with the asset it made or versioned (null: it made none). */
export const settleUploadFile = (
  db: Kysely<Database>,
  cookie: string,
  path: string,
  assetId: number | null,
) =>
  db
    .updateTable('upload_files')
    // A repeated ingest (a retried job) that finds its work done keeps the asset the first one recorded.
    .set({
      asset_id: sql<number | null>`coalesce(${assetId}::integer, asset_id)`,
      settled_at: sql<Date>`now()`,
    })
    .where('cookie', '=', cookie)
    .where('path', '=', path)
    .execute();

/** The files an upload registered: the asset each made, and whether its ingest is over. */
export const uploadFileOutcomes = (db: Kysely<Database>, cookie: string) =>
  db
    .selectFrom('upload_files')
    .select(['path', 'asset_id', 'settled_at'])
    .where('cookie', '=', cookie)
    .orderBy('path')
    .execute();
