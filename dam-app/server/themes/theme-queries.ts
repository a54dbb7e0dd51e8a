import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ThemeColumns {
  name: string;
  tokens: string;
  logo?: Buffer | null;
  thumbnail?: Buffer | null;
  thumbnail_source?: 'rendered' | 'drawn' | 'uploaded' | null;
}

const columns = [
  'id',
  'name',
  'built_in',
  'is_default',
  'tokens',
  'thumbnail_source',
  'updated_at',
  sql<boolean>`logo is not null`.as('has_logo'),
] as const;

/** Every theme (or one): built-in ones first, then by name. */
export function themeRows(db: Kysely<Database>, id?: number) {
  let select = db
    .selectFrom('themes')
    .select(columns)
    .orderBy(sql`built_in is null`)
    .orderBy(sql`lower(name)`);
  if (id !== undefined) select = select.where('id', '=', id);
  return select.execute();
}
export type ThemeRow = Awaited<ReturnType<typeof themeRows>>[number];

/** Inserts, or answers undefined when the name is taken (any case). */
export async function insertTheme(db: Kysely<Database>, values: ThemeColumns) {
  const row = await db
    .insertInto('themes')
    .values(values)
    .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateTheme(db: Kysely<Database>, id: number, values: ThemeColumns) {
  const row = await db
    .updateTable('themes')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function deleteThemeRow(db: Kysely<Database>, id: number) {
  const result = await db.deleteFrom('themes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const themeBytes = (db: Kysely<Database>, id: number) =>
  db.selectFrom('themes').select(['logo', 'thumbnail', 'updated_at']).where('id', '=', id).executeTakeFirst();

/** Keeps a made thumbnail, unless the theme changed since (its `updated_at` moved) or one was uploaded meanwhile. */
export async function storeMadeThumbnail(
  db: Kysely<Database>,
  id: number,
  madeFor: Date,
  png: Buffer,
  source: 'rendered' | 'drawn',
) {
  await db
    .updateTable('themes')
    .set({ thumbnail: png, thumbnail_source: source })
    .where('id', '=', id)
    // PostgreSQL keeps microseconds, a JavaScript date milliseconds: the same save is within a millisecond.
    .where('updated_at', '>', new Date(madeFor.getTime() - 1))
    .where('updated_at', '<', new Date(madeFor.getTime() + 1))
    .where((eb) => eb.or([eb('thumbnail_source', 'is', null), eb('thumbnail_source', '!=', 'uploaded')]))
    .execute();
}

export const defaultThemeId = async (db: Kysely<Database>) =>
  (await db.selectFrom('themes').select('id').where('is_default', '=', true).executeTakeFirst())?.id;

/** Makes `id` the one default theme; answers false when there is no such theme. */
export async function setDefaultTheme(db: Kysely<Database>, id: number) {
  if (!(await db.selectFrom('themes').select('id').where('id', '=', id).executeTakeFirst())) return false;
  await db.updateTable('themes').set({ is_default: false }).where('is_default', '=', true).execute();
  await db.updateTable('themes').set({ is_default: true }).where('id', '=', id).execute();
  return true;
}

/** The default theme comes back to the DAM's own when the default is missing. */
export const builtInThemeId = async (db: Kysely<Database>, key: string) =>
  (await db.selectFrom('themes').select('id').where('built_in', '=', key).executeTakeFirst())?.id;

export const workspaceThemes = (db: Kysely<Database>) =>
  db.selectFrom('workspaces').select(['id', 'name', 'theme_id']).orderBy('id').execute();

export const workspaceTheme = async (db: Kysely<Database>, workspaceId: number) =>
  (await db.selectFrom('workspaces').select('theme_id').where('id', '=', workspaceId).executeTakeFirst())
    ?.theme_id ?? null;

/** Sets each listed workspace's theme; answers how many of them exist and how many theme ids are known. */
export async function setWorkspaceThemes(
  db: Kysely<Database>,
  assignments: { id: number; themeId: number | null }[],
) {
  const themeIds = [...new Set(assignments.flatMap((each) => (each.themeId === null ? [] : [each.themeId])))];
  const knownThemes = themeIds.length
    ? await db.selectFrom('themes').select('id').where('id', 'in', themeIds).execute()
    : [];
  if (knownThemes.length < themeIds.length) return false;
  for (const each of assignments) {
    const result = await db
      .updateTable('workspaces')
      .set({ theme_id: each.themeId })
      .where('id', '=', each.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
  }
  return true;
}
