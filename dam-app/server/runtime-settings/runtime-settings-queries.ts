import { type Kysely, sql } from 'kysely';
import { RUNTIME_SETTING_NAMES, type RuntimeSettingName } from '../../api/runtime-settings.ts';
import type { Database } from '../db/schema.ts';

/** The channel a change of the runtime settings is announced on; every server listens and reloads. */
export const RUNTIME_SETTINGS_CHANNEL = 'dam_runtime_settings';

/** The stored runtime settings (kept beside the platform settings, under their environment names). */
export async function storedRuntimeSettings(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('platform_settings')
    .select(['name', 'value'])
    .where('name', 'in', RUNTIME_SETTING_NAMES)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.value])) as Partial<
    Record<RuntimeSettingName, string>
  >;
}

export const upsertRuntimeSettings = (db: Kysely<Database>, rows: { name: string; value: string }[]) =>
  db
    .insertInto('platform_settings')
    .values(rows)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: new Date() })),
    )
    .execute();

export const deleteRuntimeSettings = (db: Kysely<Database>, names: string[]) =>
  db.deleteFrom('platform_settings').where('name', 'in', names).execute();

/** Sent inside the saving transaction: PostgreSQL delivers it at commit, never for a rolled-back change. */
export const signalRuntimeSettings = (db: Kysely<Database>) =>
  sql`select pg_notify(${RUNTIME_SETTINGS_CHANNEL}, '')`.execute(db);
