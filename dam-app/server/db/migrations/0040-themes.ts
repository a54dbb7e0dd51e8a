import { type Kysely, sql } from 'kysely';

/**
 * R-THEMES: themes as their own entity. A built-in theme is a row naming its key (`built_in`): its tokens live in
 * the code (`api/themes.ts` `BUILT_IN_THEMES`), so a release can mend them. One theme is the default (at most one row
 * has `is_default`; none means the DAM's own); a workspace may name its theme (`theme_id`, back to the default when
 * the theme is deleted). The thumbnail is a 150x135 PNG, rendered, drawn or uploaded (`thumbnail_source`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table themes (
      id serial primary key,
      name text not null,
      built_in text unique,
      is_default boolean not null default false,
      tokens jsonb,
      logo bytea,
      thumbnail bytea,
      thumbnail_source text check (thumbnail_source in ('rendered', 'drawn', 'uploaded')),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index themes_name on themes (lower(name))`.execute(db);
  await sql`create unique index themes_one_default on themes (is_default) where is_default`.execute(db);
  await sql`insert into themes (name, built_in, is_default) values ('DAM', 'dam', true), ('Harbour', 'harbour', false)`.execute(
    db,
  );
  await sql`alter table workspaces add column theme_id integer references themes(id) on delete set null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspaces drop column theme_id`.execute(db);
  await sql`drop table themes`.execute(db);
}
