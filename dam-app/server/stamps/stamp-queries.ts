import { type Kysely, sql } from 'kysely';
import type { SaveStamp } from '../../api/stamps.ts';
import type { Database } from '../db/schema.ts';

export function stampRows(db: Kysely<Database>, id?: number) {
  let query = db.selectFrom('stamps').select(['id', 'name', 'values']).orderBy(sql`lower(name)`);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
}

/** The new stamp's id, or nothing when the name is taken. */
export const insertStamp = async (db: Kysely<Database>, body: SaveStamp) =>
  (
    await db
      .insertInto('stamps')
      .values({ name: body.name, values: JSON.stringify(body.values) })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const updateStampRow = async (db: Kysely<Database>, id: number, body: SaveStamp) =>
  (
    await db
      .updateTable('stamps')
      .set({ name: body.name, values: JSON.stringify(body.values), updated_at: sql`now()` })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const deleteStampRow = async (db: Kysely<Database>, id: number) =>
  (await db.deleteFrom('stamps').where('id', '=', id).returning('name').executeTakeFirst())?.name;

/** R-STAMP-UNDO: records a stamp applied, with each changed asset's values before it; the run's id. */
export async function insertStampRun(
  db: Kysely<Database>,
  run: { stampId: number; stampName: string; actorId: number; values: Record<string, string> },
  befores: { assetId: number; before: Record<string, string> }[],
) {
  const { id } = await db
    .insertInto('stamp_runs')
    .values({
      stamp_id: run.stampId,
      stamp_name: run.stampName,
      actor_id: run.actorId,
      values: JSON.stringify(run.values),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (befores.length)
    await db
      .insertInto('stamp_run_assets')
      .values(
        befores.map((each) => ({ run_id: id, asset_id: each.assetId, before: JSON.stringify(each.before) })),
      )
      .execute();
  return id;
}

/** The run, locked so two undos of it do not both restore. */
export const lockStampRun = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('stamp_runs')
    .select(['id', 'actor_id', 'values', 'undone_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const stampRunAssets = (db: Kysely<Database>, runId: number) =>
  db.selectFrom('stamp_run_assets').select(['asset_id', 'before']).where('run_id', '=', runId).execute();

/** Puts an asset's fields back: each key to its value before, or removed when it had none. */
export const restoreFieldValues = (db: Kysely<Database>, assetId: number, before: Record<string, string>) => {
  const removed = Object.keys(before).filter((key) => before[key] === '');
  const kept = Object.fromEntries(Object.entries(before).filter(([, value]) => value !== ''));
  return db
    .updateTable('assets')
    .set({
      metadata: sql`jsonb_set(metadata, '{fields}', (coalesce(metadata->'fields', '{}'::jsonb) - ${sql.val(removed)}::text[]) || ${JSON.stringify(kept)}::jsonb)`,
      updated_at: sql`now()`,
    })
    .where('id', '=', assetId)
    .execute();
};

export const markStampRunUndone = (db: Kysely<Database>, id: number) =>
  db.updateTable('stamp_runs').set({ undone_at: sql`now()` }).where('id', '=', id).execute();

/** R-STAMP-RUNS: the newest runs with who applied them and how many assets each changed. */
export const stampRunRows = (db: Kysely<Database>, limit: number) =>
  db
    .selectFrom('stamp_runs as r')
    .leftJoin('users as u', 'u.id', 'r.actor_id')
    .select((eb) => [
      'r.id',
      'r.stamp_name',
      'r.created_at',
      'r.undone_at',
      'u.username',
      eb
        .selectFrom('stamp_run_assets as a')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('a.run_id', '=', 'r.id')
        .as('assets'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
