import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface PresetRowInput {
  name: string;
  description: string;
  kind: 'image' | 'video' | 'audio';
  settings: Record<string, unknown>;
}

/** Every preset by name, or the one with this id. */
export function presetRows(db: Kysely<Database>, id?: number) {
  let query = db.selectFrom('conversion_presets').selectAll().orderBy(sql`lower(name)`);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
}

/** The new preset's id, or nothing when the name is taken. */
export const insertPreset = async (db: Kysely<Database>, row: PresetRowInput) =>
  (
    await db
      .insertInto('conversion_presets')
      .values({ ...row, settings: JSON.stringify(row.settings) })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** A change raises the revision, so conversions made before it are made again. */
export const updatePresetRow = async (db: Kysely<Database>, id: number, row: PresetRowInput) =>
  (
    await db
      .updateTable('conversion_presets')
      .set({
        ...row,
        settings: JSON.stringify(row.settings),
        revision: sql`revision + 1`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** The deleted preset's name (its conversions' rows go with it), or nothing when there was none. */
export const deletePresetRow = async (db: Kysely<Database>, id: number) =>
  (await db.deleteFrom('conversion_presets').where('id', '=', id).returning('name').executeTakeFirst())?.name;

/** Where the preset's converted files are in the conversions area. */
export const conversionKeysOfPreset = async (db: Kysely<Database>, presetId: number) =>
  (
    await db
      .selectFrom('conversions')
      .select('storage_key')
      .where('preset_id', '=', presetId)
      .where('storage_key', 'is not', null)
      .execute()
  ).map((row) => row.storage_key as string);
