import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every stored setting (settings nobody changed have no row). */
export const settingRows = (db: Kysely<Database>) =>
  db.selectFrom('platform_settings').select(['name', 'value']).execute();

/** Writes each setting, replacing what was stored. */
export const upsertSettings = (db: Kysely<Database>, rows: { name: string; value: string }[]) =>
  db
    .insertInto('platform_settings')
    .values(rows)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: new Date() })),
    )
    .execute();
