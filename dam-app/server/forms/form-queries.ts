import { type Kysely, sql } from 'kysely';
import type { FormUse } from '../../api/forms.ts';
import type { Database } from '../db/schema.ts';

export interface FormRowInput {
  name: string;
  description: string;
  tabs: unknown[];
  rules: unknown[];
}

/** Every form by name, or the one with this id. */
export function formRows(db: Kysely<Database>, id?: number) {
  let query = db.selectFrom('forms').selectAll().orderBy(sql`lower(name)`);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
}

export const assignmentRows = (db: Kysely<Database>, formIds: number[]) =>
  formIds.length
    ? db
        .selectFrom('form_assignments')
        .select(['form_id', 'folder_id', 'use'])
        .where('form_id', 'in', formIds)
        .orderBy('folder_id')
        .orderBy('use')
        .execute()
    : Promise.resolve([]);

const json = (row: FormRowInput) => ({
  name: row.name,
  description: row.description,
  tabs: JSON.stringify(row.tabs),
  rules: JSON.stringify(row.rules),
});

/** The new form's id, or nothing when the name is taken. */
export const insertForm = async (db: Kysely<Database>, row: FormRowInput) =>
  (
    await db
      .insertInto('forms')
      .values(json(row))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const updateFormRow = async (db: Kysely<Database>, id: number, row: FormRowInput) =>
  (
    await db
      .updateTable('forms')
      .set({ ...json(row), updated_at: sql`now()` })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const deleteFormRow = async (db: Kysely<Database>, id: number) =>
  (await db.deleteFrom('forms').where('id', '=', id).returning('name').executeTakeFirst())?.name;

/**
 * A form's assignments and dictionaries replace the ones it had. An assignment takes a (folder, use) from whichever
 * form held it: one folder has one form per use.
 */
export async function replaceLinks(
  db: Kysely<Database>,
  formId: number,
  assignments: { folderId: number; use: FormUse }[],
  dictionaryIds: number[],
) {
  await db.deleteFrom('form_assignments').where('form_id', '=', formId).execute();
  if (assignments.length)
    await db
      .insertInto('form_assignments')
      .values(assignments.map(({ folderId, use }) => ({ folder_id: folderId, use, form_id: formId })))
      .onConflict((oc) => oc.columns(['folder_id', 'use']).doUpdateSet({ form_id: formId }))
      .execute();
  await db.deleteFrom('form_dictionaries').where('form_id', '=', formId).execute();
  if (dictionaryIds.length)
    await db
      .insertInto('form_dictionaries')
      .values(dictionaryIds.map((dictionaryId) => ({ form_id: formId, dictionary_id: dictionaryId })))
      .execute();
}

/** Of these ids, those that are folders. */
export const existingFolderIds = async (db: Kysely<Database>, ids: number[]) =>
  ids.length
    ? (await db.selectFrom('folders').select('id').where('id', 'in', ids).execute()).map((row) => row.id)
    : [];

export const existingDictionaryIds = async (db: Kysely<Database>, ids: number[]) =>
  ids.length
    ? (await db.selectFrom('dictionaries').select('id').where('id', 'in', ids).execute()).map((row) => row.id)
    : [];

/** The form assigned for a use to the asset's folder or the nearest folder above it, if any. */
export const formIdForPath = async (db: Kysely<Database>, assetPath: string, use: FormUse) =>
  (
    await db
      .selectFrom('form_assignments as a')
      .innerJoin('folders as f', 'f.id', 'a.folder_id')
      .select('a.form_id')
      .where('a.use', '=', use)
      .where((eb) =>
        eb.or([
          eb('f.path', '=', ''),
          eb(
            sql<string>`${assetPath}`,
            'like',
            sql<string>`replace(replace(replace(f.path, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '/%'`,
          ),
        ]),
      )
      .orderBy(sql`length(f.path)`, 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.form_id;

/** The asset's stored form values (`metadata.fields`). */
export const storedFieldValues = async (db: Kysely<Database>, assetId: number) =>
  ((
    await db
      .selectFrom('assets')
      .select(sql<Record<string, string> | null>`metadata->'fields'`.as('fields'))
      .where('id', '=', assetId)
      .executeTakeFirst()
  )?.fields ?? {}) as Record<string, string>;

export const saveFieldValues = (db: Kysely<Database>, assetId: number, values: Record<string, string>) =>
  db
    .updateTable('assets')
    .set({
      metadata: sql`jsonb_set(metadata, '{fields}', ${JSON.stringify(values)}::jsonb)`,
      updated_at: sql`now()`,
    })
    .where('id', '=', assetId)
    .execute();

export const assetPaths = (db: Kysely<Database>, ids: number[]) =>
  db.selectFrom('assets').select(['id', 'path']).where('id', 'in', ids).execute();

/** The assets whose form values change (a form edit or a stamp), locked against other changes until the caller's transaction ends. */
export const lockAssetFields = (db: Kysely<Database>, ids: number[]) =>
  db
    .selectFrom('assets')
    .select([
      'id',
      'path',
      'checked_out_by',
      sql<Record<string, string> | null>`metadata->'fields'`.as('fields'),
    ])
    .where('id', 'in', ids)
    .where('status', '<>', 'trashed')
    .orderBy('id')
    .forUpdate()
    .execute();

/** Merges the values into each asset's form values, in one statement for the whole selection. */
export const mergeFieldValues = (db: Kysely<Database>, ids: number[], values: Record<string, string>) =>
  db
    .updateTable('assets')
    .set({
      metadata: sql`jsonb_set(metadata, '{fields}', coalesce(metadata->'fields', '{}'::jsonb) || ${JSON.stringify(values)}::jsonb)`,
      updated_at: sql`now()`,
    })
    .where('id', 'in', ids)
    .execute();

/** How many of these assets an accelerated upload of this person made or versioned (R-UPLOAD-FORM). */
export const countUploadedBy = async (db: Kysely<Database>, userId: number, assetIds: number[]) =>
  assetIds.length === 0
    ? 0
    : Number(
        (
          await db
            .selectFrom('upload_files as f')
            .innerJoin('upload_sessions as s', 's.cookie', 'f.cookie')
            .select((eb) => eb.fn.count<string>('f.asset_id').distinct().as('count'))
            .where('s.user_id', '=', userId)
            .where('f.asset_id', 'in', assetIds)
            .executeTakeFirst()
        )?.count ?? 0,
      );

/** R-WORKSPACE-UPLOAD-FORM: the upload form a workspace names, if any. */
export const workspaceUploadFormId = async (db: Kysely<Database>, workspaceId: number) =>
  (
    await db
      .selectFrom('workspaces')
      .select('upload_form_id')
      .where('id', '=', workspaceId)
      .executeTakeFirst()
  )?.upload_form_id ?? null;

/** R-WORKSPACE-UPLOAD-FORM: the workspace each of the user's uploads that made these assets was started in. */
export const uploadWorkspacesOf = async (db: Kysely<Database>, userId: number, assetIds: number[]) =>
  new Map(
    assetIds.length === 0
      ? []
      : (
          await db
            .selectFrom('upload_files as f')
            .innerJoin('upload_sessions as s', 's.cookie', 'f.cookie')
            .select(['f.asset_id', 's.workspace_id'])
            .where('s.user_id', '=', userId)
            .where('f.asset_id', 'in', assetIds)
            .where('s.workspace_id', 'is not', null)
            // The latest upload of an asset (a version) is the one its form is asked for.
            .orderBy('s.created_at')
            .execute()
        ).map((row) => [row.asset_id as number, row.workspace_id as number]),
  );
