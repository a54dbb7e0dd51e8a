import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every archive row with its asset, for Archive status: by state, then the soonest first. */
export const archiveEntries = (db: Kysely<Database>) =>
  db
    .selectFrom('asset_archives as a')
    .innerJoin('assets as s', 's.id', 'a.asset_id')
    .select([
      'a.asset_id',
      'a.state',
      'a.archive_at',
      'a.retention_until',
      'a.archived_at',
      'a.restore_requested_at',
      'a.error',
      's.name',
      's.path',
      's.size',
    ])
    .orderBy('a.state')
    .orderBy('a.archive_at')
    .orderBy('a.asset_id')
    .execute();

/** The active assets among `ids` (locked: an archive or restore decision holds until the transaction ends). */
export const activeAssetsForUpdate = (db: Kysely<Database>, ids: number[]) =>
  db
    .selectFrom('assets')
    .select(['id'])
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .forUpdate()
    .execute();

/** Schedules each asset that has no archive row yet (or only a failed schedule); which ones were. */
export async function insertSchedules(
  db: Kysely<Database>,
  ids: number[],
  values: { archiveAt: Date; retentionUntil: Date | null; requestedBy: number },
): Promise<number[]> {
  const rows = await db
    .insertInto('asset_archives')
    .values(
      ids.map((id) => ({
        asset_id: id,
        state: 'scheduled' as const,
        archive_at: values.archiveAt,
        retention_until: values.retentionUntil,
        requested_by: values.requestedBy,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('asset_id')
        .doUpdateSet((eb) => ({
          archive_at: eb.ref('excluded.archive_at'),
          retention_until: eb.ref('excluded.retention_until'),
          requested_by: eb.ref('excluded.requested_by'),
          error: null,
          updated_at: sql`now()`,
        }))
        .where('asset_archives.state', '=', 'scheduled')
        .where('asset_archives.error', 'is not', null),
    )
    .returning('asset_id')
    .execute();
  return rows.map((row) => row.asset_id);
}

/** Archived assets among `ids` go to Restoring Now; which ones did. */
export async function markRestoring(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  const rows = await db
    .updateTable('asset_archives')
    .set({ state: 'restoring', restore_requested_at: new Date(), error: null, updated_at: new Date() })
    .where('asset_id', 'in', ids)
    .where('state', '=', 'archived')
    .returning('asset_id')
    .execute();
  return rows.map((row) => row.asset_id);
}

/** What an archive or restore job needs of its asset. */
export const archiveJobRow = (db: Kysely<Database>, assetId: number) =>
  db
    .selectFrom('asset_archives as a')
    .innerJoin('assets as s', 's.id', 'a.asset_id')
    .select(['a.state', 'a.archive_at', 'a.storage_key', 'a.size', 's.path', 's.status', 's.content_hash'])
    .where('a.asset_id', '=', assetId)
    .executeTakeFirst();

export const setArchived = (db: Kysely<Database>, assetId: number, key: string, size: number) =>
  db
    .updateTable('asset_archives')
    .set({
      state: 'archived',
      storage_key: key,
      size,
      archived_at: new Date(),
      error: null,
      updated_at: new Date(),
    })
    .where('asset_id', '=', assetId)
    .where('state', '=', 'scheduled')
    .execute();

/** A restored asset is no longer an archive proxy: its row goes. */
export const removeArchive = (db: Kysely<Database>, assetId: number) =>
  db.deleteFrom('asset_archives').where('asset_id', '=', assetId).execute();

export const hasArchive = async (db: Kysely<Database>, assetId: number) =>
  (await db
    .selectFrom('asset_archives')
    .select('asset_id')
    .where('asset_id', '=', assetId)
    .executeTakeFirst()) !== undefined;

/** Is the asset archived or being restored (its original not in the tree)? */
export const hasArchiveOtherThanScheduled = async (db: Kysely<Database>, assetId: number) =>
  (await db
    .selectFrom('asset_archives')
    .select('asset_id')
    .where('asset_id', '=', assetId)
    .where('state', 'in', ['archived', 'restoring'])
    .executeTakeFirst()) !== undefined;

export const setArchiveError = (db: Kysely<Database>, assetId: number, error: string) =>
  db
    .updateTable('asset_archives')
    .set({ error: error.slice(0, 2000), updated_at: new Date() })
    .where('asset_id', '=', assetId)
    .execute();

/** Is the active asset at this storage path an archive proxy (its original in the archive tier)? */
export const isArchivedAt = async (db: Kysely<Database>, path: string) =>
  (await db
    .selectFrom('asset_archives as a')
    .innerJoin('assets as s', 's.id', 'a.asset_id')
    .select('a.asset_id')
    .where('s.path', '=', path)
    .where('s.status', '=', 'active')
    .where('a.state', 'in', ['archived', 'restoring'])
    .executeTakeFirst()) !== undefined;
