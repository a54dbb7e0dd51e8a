import type { Kysely, Updateable } from 'kysely';
import type { Database, VideoClipsTable } from '../db/schema.ts';

export const cuePointsOf = (db: Kysely<Database>, assetId: number, version: number) =>
  db
    .selectFrom('video_cue_points')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('version_number', '=', version)
    .orderBy('time_ms')
    .execute();

export const clipsOf = (db: Kysely<Database>, assetId: number, version: number) =>
  db
    .selectFrom('video_clips')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('version_number', '=', version)
    .orderBy('in_ms')
    .orderBy('id')
    .execute();

export const cuePointRow = (db: Kysely<Database>, assetId: number, id: number) =>
  db
    .selectFrom('video_cue_points')
    .selectAll()
    .where('id', '=', id)
    .where('asset_id', '=', assetId)
    .executeTakeFirst();

export const clipRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom('video_clips').selectAll().where('id', '=', id).executeTakeFirst();

export const insertCuePoint = (
  db: Kysely<Database>,
  row: { asset_id: number; version_number: number; time_ms: number; label: string; created_by: number },
) => db.insertInto('video_cue_points').values(row).returningAll().executeTakeFirstOrThrow();

export const updateCuePointRow = (db: Kysely<Database>, id: number, timeMs: number, label: string) =>
  db
    .updateTable('video_cue_points')
    .set({ time_ms: timeMs, label })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteCuePointRow = (db: Kysely<Database>, id: number) =>
  db.deleteFrom('video_cue_points').where('id', '=', id).execute();

export const insertClip = (
  db: Kysely<Database>,
  row: {
    asset_id: number;
    version_number: number;
    name: string;
    in_ms: number;
    out_ms: number;
    created_by: number;
  },
) =>
  db
    .insertInto('video_clips')
    .values({ ...row, export_mode: null, export_error: null, export_key: null, export_asset_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateClipRow = (db: Kysely<Database>, id: number, changes: Updateable<VideoClipsTable>) =>
  db.updateTable('video_clips').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

/** Claims the clip for an export unless one is queued or running: the row's state is the lock. */
export const claimClipExport = (
  db: Kysely<Database>,
  id: number,
  mode: NonNullable<VideoClipsTable['export_mode']>,
) =>
  db
    .updateTable('video_clips')
    .set({ export_state: 'queued', export_mode: mode, export_progress: 0, export_error: null })
    .where('id', '=', id)
    .where('export_state', 'not in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();

export const deleteClipRow = (db: Kysely<Database>, id: number) =>
  db.deleteFrom('video_clips').where('id', '=', id).execute();

/** Whether a clip of the asset is being exported: a move waits for it, as for any video transcoding. */
export const clipExportRunning = async (db: Kysely<Database>, assetId: number) =>
  (await db
    .selectFrom('video_clips')
    .select('id')
    .where('asset_id', '=', assetId)
    .where('export_state', 'in', ['queued', 'running'])
    .executeTakeFirst()) !== undefined;
