import { type Kysely, sql } from 'kysely';
import type { ImportRowError } from '../../api/metadata-io.ts';
import type { Database } from '../db/schema.ts';

export interface FieldedAsset {
  id: number;
  path: string;
  checked_out_by: number | null;
  fields: Record<string, string> | null;
}

/**
 * The live assets an import names, by id or by path; with `lock`, held against other changes until the caller's
 * transaction ends. One array parameter, so a batch of any size is one statement.
 */
export function assetsToImport(
  db: Kysely<Database>,
  by: 'id' | 'path',
  keys: (number | string)[],
  lock: boolean,
) {
  const where =
    by === 'id'
      ? sql`id = any(${keys.map(Number)}::integer[])`
      : sql`path = any(${keys.map(String)}::text[])`;
  return sql<FieldedAsset>`
    select id, path, checked_out_by, metadata->'fields' as fields from assets
    where ${where} and status <> 'trashed' order by id ${lock ? sql`for update` : sql``}`
    .execute(db)
    .then((result) => result.rows.map((row) => ({ ...row, id: Number(row.id) })));
}

/** Sets each asset's form values to the whole object given for it, in one statement. */
export const replaceFieldValues = (
  db: Kysely<Database>,
  changes: { id: number; fields: Record<string, string> }[],
) =>
  sql`
    update assets as a set
      metadata = jsonb_set(coalesce(a.metadata, '{}'::jsonb), '{fields}', v.fields), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(id integer, fields jsonb)
    where a.id = v.id`.execute(db);

/** Whether any enabled workflow watches metadata changes (else an import skips the per-asset event). */
export const metadataWorkflowsExist = async (db: Kysely<Database>) =>
  (await db
    .selectFrom('workflows')
    .select('id')
    .where('state', '=', 'enabled')
    .where('trigger', '=', 'metadataChanged')
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** The live assets among these ids, with their paths (for asset-reference values). */
export const livePaths = (db: Kysely<Database>, ids: number[]) =>
  sql<{ id: number; path: string }>`
    select id, path from assets where id = any(${ids}::integer[]) and status <> 'trashed'`
    .execute(db)
    .then((result) => result.rows.map((row) => ({ id: Number(row.id), path: row.path })));

/** The assets an export writes, in id order. */
export const exportedAssets = (db: Kysely<Database>, ids: number[]) =>
  sql<{ id: number; path: string; fields: Record<string, string> | null }>`
    select id, path, metadata->'fields' as fields from assets
    where id = any(${ids}::integer[]) and status <> 'trashed' order by id`
    .execute(db)
    .then((result) => result.rows.map((row) => ({ ...row, id: Number(row.id) })));

export const insertImport = async (
  db: Kysely<Database>,
  row: { userId: number; fileName: string; options: unknown; content: Uint8Array },
) =>
  (
    await db
      .insertInto('metadata_imports')
      .values({
        user_id: row.userId,
        file_name: row.fileName,
        options: JSON.stringify(row.options),
        content: Buffer.from(row.content),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const SUMMARY = [
  'id',
  'user_id',
  'file_name',
  'options',
  'state',
  'rows',
  'applied',
  'unchanged',
  'error_count',
  'errors',
  'created_at',
  'finished_at',
] as const;

export const importById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('metadata_imports').select(SUMMARY).where('id', '=', id).executeTakeFirst();

export const importContent = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('metadata_imports').select('content').where('id', '=', id).executeTakeFirst())
    ?.content;

export const importsOf = (db: Kysely<Database>, userId: number, limit: number) =>
  db
    .selectFrom('metadata_imports')
    .select(SUMMARY)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const recordImportOutcome = (
  db: Kysely<Database>,
  id: number,
  outcome: {
    state: 'starting' | 'finished' | 'success' | 'failure';
    rows: number;
    applied: number;
    unchanged: number;
    errorCount: number;
    errors: ImportRowError[];
    finished: boolean;
  },
) =>
  db
    .updateTable('metadata_imports')
    .set({
      state: outcome.state,
      rows: outcome.rows,
      applied: outcome.applied,
      unchanged: outcome.unchanged,
      error_count: outcome.errorCount,
      errors: JSON.stringify(outcome.errors),
      finished_at: outcome.finished ? new Date() : null,
    })
    .where('id', '=', id)
    .execute();

export const userById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
