import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every dictionary by name, with its word count and the names of the forms that use it. */
export const dictionaryRows = (db: Kysely<Database>, id?: number) => {
  let query = db
    .selectFrom('dictionaries as d')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.shipped',
      eb
        .selectFrom('dictionary_words as w')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('w.dictionary_id', '=', 'd.id')
        .as('words'),
      sql<string[]>`coalesce((select array_agg(f.name order by lower(f.name)) from form_dictionaries fd
        join forms f on f.id = fd.form_id where fd.dictionary_id = d.id), '{}')`.as('used_by'),
    ])
    .orderBy(sql`lower(d.name)`);
  if (id !== undefined) query = query.where('d.id', '=', id);
  return query.execute();
};

/** The new dictionary's id, or nothing when the name is taken. */
export const insertDictionary = async (db: Kysely<Database>, name: string, shipped = false) =>
  (
    await db
      .insertInto('dictionaries')
      .values({ name, shipped })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const renameDictionary = async (db: Kysely<Database>, id: number, name: string) =>
  (await db.updateTable('dictionaries').set({ name }).where('id', '=', id).returning('id').executeTakeFirst())
    ?.id;

/** One statement for all the words: an array parameter unnested is far quicker than rows of values. */
export async function replaceWords(db: Kysely<Database>, dictionaryId: number, words: readonly string[]) {
  await db.deleteFrom('dictionary_words').where('dictionary_id', '=', dictionaryId).execute();
  if (words.length)
    await sql`insert into dictionary_words (dictionary_id, word)
      select ${dictionaryId}, unnest(${sql.val([...words])}::text[])`.execute(db);
}

/** The deleted dictionary's name, or nothing when there was none (a form's use refuses it: foreign key). */
export const deleteDictionaryRow = async (db: Kysely<Database>, id: number) =>
  (await db.deleteFrom('dictionaries').where('id', '=', id).returning('name').executeTakeFirst())?.name;

export const dictionaryExists = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('dictionaries').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const shippedDictionaryExists = async (db: Kysely<Database>) =>
  (await db.selectFrom('dictionaries').select('id').where('shipped', '=', true).executeTakeFirst()) !==
  undefined;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const folded = sql`lower(word) collate "C"`;

/** Type-ahead: words starting with `prefix` regardless of case, in order; served by `dictionary_words_prefix`. */
export const wordsWithPrefix = async (
  db: Kysely<Database>,
  dictionaryId: number,
  prefix: string,
  limit: number,
) =>
  (
    await db
      .selectFrom('dictionary_words')
      .select('word')
      .where('dictionary_id', '=', dictionaryId)
      .where(sql<boolean>`${folded} like ${`${escapeLike(prefix.toLowerCase())}%`}`)
      .orderBy(folded)
      .limit(limit)
      .execute()
  ).map((row) => row.word);

/** Of these (dictionary, word) pairs, those whose word the dictionary holds, as `id:lower(word)`. */
export async function knownWords(db: Kysely<Database>, pairs: { dictionaryId: number; word: string }[]) {
  if (!pairs.length) return new Set<string>();
  const rows = await db
    .selectFrom('dictionary_words')
    .select(['dictionary_id', sql<string>`lower(word)`.as('folded')])
    .where((eb) =>
      eb.or(
        pairs.map(({ dictionaryId, word }) =>
          eb.and([eb('dictionary_id', '=', dictionaryId), eb(folded, '=', word.toLowerCase())]),
        ),
      ),
    )
    .execute();
  return new Set(rows.map((row) => `${row.dictionary_id}:${row.folded}`));
}
