import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface WorkspaceColumns {
  name: string;
  start_path: string;
  header_color: string;
  header_text_color: string;
  logo?: Buffer | null;
  components: string[];
  upload_form_id: number | null;
}

const columns = [
  'id',
  'name',
  'start_path',
  'header_color',
  'header_text_color',
  'updated_at',
  'components',
  'upload_form_id',
  sql<boolean>`logo is not null`.as('has_logo'),
] as const;

/** Every workspace (or one), oldest first, with its groups. */
export async function workspaceRows(db: Kysely<Database>, id?: number) {
  let select = db.selectFrom('workspaces').select(columns).orderBy('id');
  if (id !== undefined) select = select.where('id', '=', id);
  const rows = await select.execute();
  const links = rows.length
    ? await db
        .selectFrom('workspace_groups')
        .select(['workspace_id', 'group_id', 'components'])
        .where(
          'workspace_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('group_id')
        .execute()
    : [];
  return rows.map((row) => ({
    ...row,
    group_ids: links.filter((link) => link.workspace_id === row.id).map((link) => link.group_id),
    group_components: links
      .filter((link) => link.workspace_id === row.id && link.components !== null)
      .map((link) => ({ groupId: link.group_id, components: link.components as string[] })),
  }));
}

/** The first-made workspace one of the user's groups sees. */
export function workspaceOfUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('workspaces')
    .select(columns)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('workspace_groups')
          .innerJoin('group_members', 'group_members.group_id', 'workspace_groups.group_id')
          .select('workspace_groups.group_id')
          .whereRef('workspace_groups.workspace_id', '=', 'workspaces.id')
          .where('group_members.user_id', '=', userId),
      ),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts, or answers undefined when the name is taken (any case). */
export async function insertWorkspace(db: Kysely<Database>, values: WorkspaceColumns) {
  const row = await db
    .insertInto('workspaces')
    .values(values)
    .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateWorkspace(db: Kysely<Database>, id: number, values: WorkspaceColumns) {
  const row = await db
    .updateTable('workspaces')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Replaces the workspace's groups, each with its narrowing of the components (none: the workspace's own); answers
 * how many of the ids are groups.
 */
export async function setWorkspaceGroups(
  db: Kysely<Database>,
  id: number,
  groupIds: number[],
  narrowing: ReadonlyMap<number, string[]> = new Map(),
) {
  await db.deleteFrom('workspace_groups').where('workspace_id', '=', id).execute();
  if (groupIds.length === 0) return 0;
  const known = await db.selectFrom('groups').select('id').where('id', 'in', groupIds).execute();
  if (known.length)
    await db
      .insertInto('workspace_groups')
      .values(
        known.map((group) => ({
          workspace_id: id,
          group_id: group.id,
          components: narrowing.get(group.id) ?? null,
        })),
      )
      .execute();
  return known.length;
}

/** R-WORKSPACE-COMPONENTS: each narrowing (null: none) of the workspace's groups the user is in. */
export const groupComponentsOfUser = async (db: Kysely<Database>, workspaceId: number, userId: number) =>
  (
    await db
      .selectFrom('workspace_groups')
      .innerJoin('group_members', 'group_members.group_id', 'workspace_groups.group_id')
      .select('workspace_groups.components')
      .where('workspace_groups.workspace_id', '=', workspaceId)
      .where('group_members.user_id', '=', userId)
      .execute()
  ).map((row) => row.components);

/** Sets a workspace's own components; answers whether it exists. */
export async function setWorkspaceComponents(db: Kysely<Database>, id: number, components: string[]) {
  const row = await db
    .updateTable('workspaces')
    .set({ components, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteWorkspaceRow(db: Kysely<Database>, id: number) {
  const result = await db.deleteFrom('workspaces').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const workspaceLogoBytes = (db: Kysely<Database>, id: number) =>
  db.selectFrom('workspaces').select(['logo', 'updated_at']).where('id', '=', id).executeTakeFirst();

/** R-WORKSPACE-UPLOAD-FORM: is this a form (one a workspace may name)? */
export const formExists = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('forms').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** R-WORKSPACE-UPLOAD-FORM: the workspace if one of the user's groups sees it, with its upload form. */
export const usableWorkspace = (db: Kysely<Database>, userId: number, id: number) =>
  db
    .selectFrom('workspaces')
    .select(['id', 'upload_form_id'])
    .where('id', '=', id)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('workspace_groups')
          .innerJoin('group_members', 'group_members.group_id', 'workspace_groups.group_id')
          .select('workspace_groups.group_id')
          .whereRef('workspace_groups.workspace_id', '=', 'workspaces.id')
          .where('group_members.user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
