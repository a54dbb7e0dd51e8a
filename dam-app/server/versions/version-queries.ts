import { type Insertable, type Kysely, sql } from 'kysely';
import type { Asset, AssetVersionsTable, Database } from '../db/schema.ts';

/** An asset's versions, newest first. */
export const versionsOfAsset = (db: Kysely<Database>, assetId: number) =>
  db
    .selectFrom('asset_versions')
    .selectAll()
    .where('asset_id', '=', assetId)
    .orderBy('number', 'desc')
    .execute();

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

export type VersionState = 'started' | 'in progress' | 'completed' | 'failed';

export const setVersionState = (db: Kysely<Database>, versionId: number, state: VersionState) =>
  db.updateTable('asset_versions').set({ state }).where('id', '=', versionId).execute();

export const setVersionSize = (db: Kysely<Database>, versionId: number, size: number) =>
  db.updateTable('asset_versions').set({ size }).where('id', '=', versionId).execute();

/** The asset's current version becomes `number`; with `unlockFor`, the lock is released unless another took it. */
export async function setCurrentVersion(
  db: Kysely<Database>,
  assetId: number,
  number: number,
  unlockFor?: number,
): Promise<void> {
  let query = db
    .updateTable('assets')
    .set({
      version_number: number,
      ...(unlockFor === undefined ? {} : { checked_out_by: null, checked_out_at: null }),
      updated_at: new Date(),
    })
    .where('id', '=', assetId);
  if (unlockFor !== undefined)
    query = query.where((eb) =>
      eb.or([eb('checked_out_by', 'is', null), eb('checked_out_by', '=', unlockFor)]),
    );
  await query.execute();
}

/** The asset, not in the trash, locked until the transaction ends. */
export const lockLiveAsset = async (trx: Kysely<Database>, assetId: number) =>
  (await trx
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', assetId)
    .where('status', '<>', 'trashed')
    .forUpdate()
    .executeTakeFirst()) as Asset | undefined;

/** The version row an asset's history starts with (number 1), unless it is there. */
export const insertFirstVersion = (db: Kysely<Database>, values: Insertable<AssetVersionsTable>) =>
  db
    .insertInto('asset_versions')
    .values(values)
    .onConflict((oc) => oc.columns(['asset_id', 'number']).doNothing())
    .execute();

/** The next version's row, numbered after the last. */
export async function insertNextVersion(
  trx: Kysely<Database>,
  values: Omit<Insertable<AssetVersionsTable>, 'number'>,
) {
  const last = await trx
    .selectFrom('asset_versions')
    .select(sql<number>`max(number)`.as('number'))
    .where('asset_id', '=', values.asset_id)
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('asset_versions')
    .values({ ...values, number: Number(last.number) + 1 })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
}
