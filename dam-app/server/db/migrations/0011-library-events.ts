import { type Kysely, sql } from 'kysely';

/**
 * Every change to assets or folders, by any statement of any server, notifies `dam_library` with the folders it
 * touched (one notification per statement, not per row: a move of 1,000 assets is one). Servers LISTEN and push it
 * to open pages, so what a person uploads, edits or moves shows where they are looking (reference/dam.md §1 "live").
 * A payload that would pass PostgreSQL's 8,000-byte limit says `all` instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function dam_library_changed() returns trigger language plpgsql as $$
    declare
      touched text[];
      payload text;
    begin
      if TG_OP = 'INSERT' then
        select array_agg(distinct path) into touched from new_rows;
      elsif TG_OP = 'DELETE' then
        select array_agg(distinct path) into touched from old_rows;
      else
        select array_agg(distinct path) into touched
          from (select path from old_rows union select path from new_rows) both_sides;
      end if;
      if touched is null then
        return null;
      end if;
      -- An asset's folder is its path's directory; a folder is listed in its own and its parent's listing.
      select array_agg(distinct folder) into touched from (
        select coalesce(substring(each from '^(.*)/[^/]*$'), '') as folder from unnest(touched) each
        union
        select each from unnest(touched) each where TG_TABLE_NAME = 'folders'
      ) folders;
      payload := json_build_object('table', TG_TABLE_NAME, 'folders', touched)::text;
      if octet_length(payload) > 7900 then
        payload := json_build_object('table', TG_TABLE_NAME, 'all', true)::text;
      end if;
      perform pg_notify('dam_library', payload);
      return null;
    end $$`.execute(db);
  for (const table of ['assets', 'folders'])
    for (const [event, referencing] of [
      ['insert', 'new table as new_rows'],
      ['update', 'old table as old_rows new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const)
      await sql
        .raw(`create trigger ${table}_${event}_notify after ${event} on ${table}
          referencing ${referencing} for each statement execute function dam_library_changed()`)
        .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['assets', 'folders'])
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger ${table}_${event}_notify on ${table}`).execute(db);
  await sql`drop function dam_library_changed()`.execute(db);
}
