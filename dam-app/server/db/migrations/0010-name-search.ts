import { type Kysely, sql } from 'kysely';

/**
 * The words of a file or asset name, as people type them: split on punctuation, underscores and case changes
 * (`h5-brochure.pdf` → `h5 brochure pdf`, `SpringHero_v2.JPG` → `Spring Hero v2 JPG`). The whole name stays a word
 * too, so the full file name and its prefixes are found as well. ASCII punctuation is named explicitly: a
 * `[[:alnum:]]` class would also split accented letters on a cluster whose locale is C.
 */
const nameWords = (column: string) =>
  sql.raw(`regexp_replace(
      regexp_replace(coalesce(${column}, ''), '([a-z])([A-Z])', '\\1 \\2', 'g'),
      '[][!"#$%&''()*+,./:;<=>?@\\\\^_\`{|}~-]+', ' ', 'g')`);

// Names are searchable (reference/dam.md §1): the full-text vector gains the words of the name and the file name,
// and trigram indexes answer substrings of either. pg_trgm ships with PostgreSQL 15 and as a PGlite extension.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table assets drop column search`.execute(db);
  await sql`alter table assets add column search tsvector generated always as (
      setweight(to_tsvector('simple',
        coalesce(name, '') || ' ' || coalesce(file_name, '') || ' ' || ${nameWords('name')} || ' ' ||
        ${nameWords('file_name')}), 'A') ||
      setweight(to_tsvector('simple', coalesce(description, '')), 'B')
    ) stored`.execute(db);
  await sql`create index assets_search_idx on assets using gin (search)`.execute(db);
  await sql`create index assets_name_trgm_idx on assets using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index assets_file_name_trgm_idx on assets using gin (lower(file_name) gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index assets_file_name_trgm_idx`.execute(db);
  await sql`drop index assets_name_trgm_idx`.execute(db);
  await sql`alter table assets drop column search`.execute(db);
  await sql`alter table assets add column search tsvector generated always as (
      setweight(to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(file_name, '')), 'A') ||
      setweight(to_tsvector('simple', coalesce(description, '')), 'B')
    ) stored`.execute(db);
  await sql`create index assets_search_idx on assets using gin (search)`.execute(db);
}
