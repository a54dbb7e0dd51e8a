import type { Insertable } from 'kysely';
import { type Kysely, sql } from 'kysely';
import type { Database, ExternalShare, ExternalSharesTable } from '../db/schema.ts';

export async function insertShare(
  db: Kysely<Database>,
  share: Insertable<ExternalSharesTable>,
  items: { assetId: number; fileName: string }[],
): Promise<number> {
  const { id } = await db
    .insertInto('external_shares')
    .values(share)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('external_share_assets')
    .values(
      items.map((item, position) => ({
        share_id: id,
        asset_id: item.assetId,
        position,
        file_name: item.fileName,
      })),
    )
    .execute();
  return id;
}

export const ownShares = (db: Kysely<Database>, ownerId: number) =>
  db
    .selectFrom('external_shares')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findOwnShare = (db: Kysely<Database>, ownerId: number, id: number) =>
  db
    .selectFrom('external_shares')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();

export const shareByTokenHash = (db: Kysely<Database>, hash: string) =>
  db.selectFrom('external_shares').selectAll().where('token_hash', '=', hash).executeTakeFirst();

export async function assetCounts(db: Kysely<Database>, shareIds: number[]): Promise<Map<number, number>> {
  if (shareIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('external_share_assets')
    .select(['share_id', db.fn.countAll<string>().as('count')])
    .where('share_id', 'in', shareIds)
    .groupBy('share_id')
    .execute();
  return new Map(rows.map((row) => [row.share_id, Number(row.count)]));
}

export const sharedItems = (db: Kysely<Database>, shareId: number) =>
  db
    .selectFrom('external_share_assets')
    .select(['asset_id', 'file_name'])
    .where('share_id', '=', shareId)
    .orderBy('position')
    .execute();

export const downloadsOf = (db: Kysely<Database>, shareIds: number[]) =>
  shareIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('external_share_downloads')
        .selectAll()
        .where('share_id', 'in', shareIds)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .execute();

export async function updateShareRow(
  db: Kysely<Database>,
  id: number,
  changes: Partial<Pick<ExternalShare, 'name' | 'message' | 'licensing_text' | 'max_downloads'>> & {
    expires_at?: Date;
    password_hash?: string | null;
    grant_secret?: string;
  },
) {
  await db
    .updateTable('external_shares')
    .set({ ...changes, updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .execute();
}

export const revokeShareRow = (db: Kysely<Database>, id: number) =>
  db
    .updateTable('external_shares')
    .set({ revoked_at: sql`now()`, updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();

/** The file names of the assets, by id. */
export const assetFileNames = (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('assets').select(['id', 'file_name']).where('id', 'in', ids).execute();

/** The shared assets that still exist (not trashed), with what the recipient page and downloads need. */
export const liveSharedAssets = (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('assets')
        .select(['id', 'path', 'size', 'kind', 'mime_type'])
        .where('id', 'in', ids)
        .where('status', '=', 'active')
        .execute();

export const renditionNames = (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('renditions')
        .select(['asset_id', 'name'])
        .where('asset_id', 'in', ids)
        .where('name', 'in', ['thumbnail', 'preview'])
        .execute();

/** One item of the share, when the asset is in it. */
export const sharedItem = (db: Kysely<Database>, shareId: number, assetId: number) =>
  db
    .selectFrom('external_share_assets')
    .select(['asset_id', 'file_name'])
    .where('share_id', '=', shareId)
    .where('asset_id', '=', assetId)
    .executeTakeFirst();

export const renditionFile = (db: Kysely<Database>, assetId: number, name: string) =>
  db
    .selectFrom('renditions')
    .select(['storage_key', 'mime_type'])
    .where('asset_id', '=', assetId)
    .where('name', '=', name)
    .executeTakeFirst();

export const ownerOf = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();

export const aclById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('acls').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertDownload(
  db: Kysely<Database>,
  row: {
    shareId: number;
    visit: string;
    method: 'http-zip' | 'http-files' | 'rapid';
    ip: string;
    userAgent: string;
    cookie?: string;
    nodeUrl?: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('external_share_downloads')
    .values({
      share_id: row.shareId,
      visit: row.visit,
      method: row.method,
      ip: row.ip,
      user_agent: row.userAgent.slice(0, 500),
      cookie: row.cookie ?? null,
      node_url: row.nodeUrl ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The visit's file-by-file download not yet complete, if there is one. */
export const openFilesDownload = (db: Kysely<Database>, shareId: number, visit: string) =>
  db
    .selectFrom('external_share_downloads')
    .select('id')
    .where('share_id', '=', shareId)
    .where('visit', '=', visit)
    .where('method', '=', 'http-files')
    .where('completed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

export const recordFileCompleted = (db: Kysely<Database>, downloadId: number, assetId: number) =>
  db
    .insertInto('external_share_file_completions')
    .values({ download_id: downloadId, asset_id: assetId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();

export const completedFiles = async (db: Kysely<Database>, downloadId: number) =>
  (
    await db
      .selectFrom('external_share_file_completions')
      .select('asset_id')
      .where('download_id', '=', downloadId)
      .execute()
  ).map((row) => row.asset_id);

/**
 * Marks a download complete, once: true for the one caller that closed it, false when another already had (a page
 * reporting the same transfer twice at once), so only one of them goes on to take a download from the share.
 */
export const closeDownload = async (db: Kysely<Database>, downloadId: number) =>
  (
    await db
      .updateTable('external_share_downloads')
      .set({ completed_at: sql`now()` } as never)
      .where('id', '=', downloadId)
      .where('completed_at', 'is', null)
      .returning('id')
      .execute()
  ).length === 1;

export const markDownloadCounted = (db: Kysely<Database>, downloadId: number, counted: boolean) =>
  db.updateTable('external_share_downloads').set({ counted }).where('id', '=', downloadId).execute();

/**
 * Takes one of the share's downloads, in one statement: only while it is live and below its maximum, so concurrent
 * last downloads cannot together pass it. Answers the new count, or undefined when none was left.
 */
export async function takeShareDownload(db: Kysely<Database>, shareId: number) {
  const { rows } = await sql<{ download_count: number; max_downloads: number | null }>`
    update external_shares set download_count = download_count + 1
    where id = ${shareId} and revoked_at is null and expires_at > now()
      and (max_downloads is null or download_count < max_downloads)
    returning download_count, max_downloads`.execute(db);
  return rows[0];
}

/** The share's Rapid download of this cookie not yet complete. */
export const openRapidDownload = (db: Kysely<Database>, shareId: number, cookie: string) =>
  db
    .selectFrom('external_share_downloads')
    .select(['id', 'node_url'])
    .where('share_id', '=', shareId)
    .where('method', '=', 'rapid')
    .where('cookie', '=', cookie)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
