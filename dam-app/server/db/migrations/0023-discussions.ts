import { type Kysely, sql } from 'kysely';

/**
 * Issue 28, discussions with annotations:
 * - `asset_comments`: a comment on one version of an asset (R-ANNOTATION: annotations never leak across versions), a
 *   reply when `parent_id` is set (one level: a reply answers a thread). `annotation` is the region, page or time
 *   range it is pinned to (api/discussions.ts `annotationSchema`). A deleted comment with replies keeps its row with
 *   an empty body so the thread still reads; one without replies is removed.
 * - `comment_mentions`: who a comment mentions, so an edit notifies only the newly mentioned (never twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table asset_comments (
      id integer generated always as identity primary key,
      asset_id integer not null references assets (id) on delete cascade,
      version_number integer not null,
      parent_id integer references asset_comments (id) on delete cascade,
      author_id integer references users (id) on delete set null,
      body text not null,
      annotation jsonb,
      created_at timestamptz not null default now(),
      edited_at timestamptz,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index asset_comments_asset on asset_comments (asset_id, version_number, id)`.execute(db);
  await sql`create index asset_comments_parent on asset_comments (parent_id)`.execute(db);
  await sql`
    create table comment_mentions (
      comment_id integer not null references asset_comments (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      primary key (comment_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table comment_mentions`.execute(db);
  await sql`drop table asset_comments`.execute(db);
}
