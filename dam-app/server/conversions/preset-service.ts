import type { Kysely } from 'kysely';
import { CONVERSION_TEXTS, type Preset, presetSchema, type SavePreset } from '../../api/conversions.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import * as queries from './preset-queries.ts';

type PresetRow = Awaited<ReturnType<typeof queries.presetRows>>[number];

/** A stored preset as the API shows it: its settings parsed (they lie in the database between). */
export const presetView = (row: PresetRow): Preset =>
  presetSchema.parse({
    ...row.settings,
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    revision: row.revision,
  });

const presetNotFound = () => new ApiError(404, 'not_found', CONVERSION_TEXTS.presetNotFound);
const nameTaken = () => conflict('preset_exists', CONVERSION_TEXTS.nameTaken, 'name');

function rowOf(body: SavePreset): queries.PresetRowInput {
  const { name, description, kind, ...settings } = body;
  return { name, description, kind, settings };
}

export const listPresets = async (services: DamServices) =>
  (await queries.presetRows(services.db)).map(presetView);

/** One preset, or a 404 (R-CONVERSION-PRESET). */
export async function presetById(db: Kysely<Database>, id: number): Promise<Preset> {
  const [row] = await queries.presetRows(db, id);
  if (!row) throw presetNotFound();
  return presetView(row);
}

export async function createPreset(
  services: DamServices,
  principal: Principal,
  body: SavePreset,
  ip: string,
) {
  const id = await services.db.transaction().execute(async (trx) => {
    const id = await queries.insertPreset(trx, rowOf(body));
    if (id === undefined) throw nameTaken();
    await audit(trx, { actorId: principal.user.id, event: 'preset_saved', target: body.name, ip });
    return id;
  });
  return presetById(services.db, id);
}

export async function updatePreset(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SavePreset,
  ip: string,
) {
  // The unique index on lower(name) is the one check of a clash, also between two renames at once.
  await services.db
    .transaction()
    .execute(async (trx) => {
      if ((await queries.updatePresetRow(trx, id, rowOf(body))) === undefined) throw presetNotFound();
      await audit(trx, { actorId: principal.user.id, event: 'preset_saved', target: body.name, ip });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return presetById(services.db, id);
}

/** The preset goes with its conversions' rows, then their files (a file left by a failure here is only space). */
export async function deletePreset(services: DamServices, principal: Principal, id: number, ip: string) {
  const keys = await queries.conversionKeysOfPreset(services.db, id);
  const name = await queries.deletePresetRow(services.db, id);
  if (name === undefined) throw presetNotFound();
  await audit(services.db, { actorId: principal.user.id, event: 'preset_deleted', target: name, ip });
  for (const key of keys)
    await services.storage.conversions
      .delete(key)
      .catch((error: Error) => services.log.warn('conversion.delete_failed', { key, error: error.message }));
}
