import { type Kysely, sql } from 'kysely';

/**
 * R-WORKSPACE-UPLOAD-FORM: a workspace may name an upload form (a deleted form leaves it without one), and an
 * accelerated upload records the workspace it was started in, so its folder without an upload form falls back on the
 * workspace's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspaces add column upload_form_id integer references forms on delete set null`.execute(
    db,
  );
  await sql`alter table upload_sessions add column workspace_id integer references workspaces on delete set null`.execute(
    db,
  );
}
