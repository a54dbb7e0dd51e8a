import { type Kysely, sql } from 'kysely';

/**
 * R-FORMS, R-DICTIONARIES: metadata forms (templates) and dictionaries.
 * - `dictionaries` and `dictionary_words`: a term is unique in its dictionary regardless of case; the type-ahead reads
 *   the index on `lower(word) collate "C"`, which serves a `like 'prefix%'` and its alphabetical order on any
 *   database collation.
 * - `forms`: tabs (with their fields) and rules as JSON, read and written whole by the form builder.
 * - `form_assignments`: the form a folder (and the folders below it) uses for one use (view, bulkEdit, upload).
 * - `form_dictionaries`: which dictionaries a form's fields and rules use; the foreign key refuses deleting one in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dictionaries (
      id serial primary key,
      name text not null,
      shipped boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index dictionaries_name on dictionaries (lower(name))`.execute(db);
  await sql`
    create table dictionary_words (
      dictionary_id integer not null references dictionaries on delete cascade,
      word text not null
    )`.execute(db);
  await sql`
    create unique index dictionary_words_prefix on dictionary_words (dictionary_id, (lower(word) collate "C"))`.execute(
    db,
  );
  await sql`
    create table forms (
      id serial primary key,
      name text not null,
      description text not null default '',
      tabs jsonb not null,
      rules jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index forms_name on forms (lower(name))`.execute(db);
  await sql`
    create table form_assignments (
      folder_id integer not null references folders on delete cascade,
      use text not null check (use in ('view', 'bulkEdit', 'upload')),
      form_id integer not null references forms on delete cascade,
      primary key (folder_id, use)
    )`.execute(db);
  await sql`create index form_assignments_form on form_assignments (form_id)`.execute(db);
  await sql`
    create table form_dictionaries (
      form_id integer not null references forms on delete cascade,
      dictionary_id integer not null references dictionaries on delete restrict,
      primary key (form_id, dictionary_id)
    )`.execute(db);
  await sql`create index form_dictionaries_dictionary on form_dictionaries (dictionary_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table form_dictionaries`.execute(db);
  await sql`drop table form_assignments`.execute(db);
  await sql`drop table forms`.execute(db);
  await sql`drop table dictionary_words`.execute(db);
  await sql`drop table dictionaries`.execute(db);
}
