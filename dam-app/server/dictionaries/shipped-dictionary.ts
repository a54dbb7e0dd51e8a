import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { insertDictionary, replaceWords, shippedDictionaryExists } from './dictionary-queries.ts';

export const SHIPPED_DICTIONARY_NAME = 'English';

/**
 * The words of a Debian word list (wamerican's /usr/share/dict/american-english) as the dictionary that ships: the
 * lower-case entries without an apostrophe (no names, no possessives), plurals dropped when their singular is listed
 * (a word ending in "s" or "es" whose stem is a word). From wamerican 2020.12 that leaves about 47k words (R-SHIPPED-DICTIONARY:
 * about 45k).
 */
export function shippedWords(list: string): string[] {
  const all = new Set(list.split('\n').filter((line) => /^[a-z]+$/.test(line)));
  const plural = (word: string) =>
    (word.endsWith('s') && all.has(word.slice(0, -1))) || (word.endsWith('es') && all.has(word.slice(0, -2)));
  return [...all].filter((word) => !plural(word));
}

/** At first start (no shipped dictionary yet), loads it from the word list; a missing list only logs. */
export async function ensureShippedDictionary(db: Kysely<Database>, wordList: string | null, log: Logger) {
  if (!wordList || (await shippedDictionaryExists(db))) return;
  let list: string;
  try {
    list = await readFile(wordList, 'utf8');
  } catch (error) {
    log.warn('dictionary.word_list_missing', { wordList, error: (error as Error).message });
    return;
  }
  const words = shippedWords(list);
  await db.transaction().execute(async (trx) => {
    const id = await insertDictionary(trx, SHIPPED_DICTIONARY_NAME, true);
    // Another server (or an administrator's dictionary of that name) got there first.
    if (id === undefined) return;
    await replaceWords(trx, id, words);
  });
  log.info('dictionary.shipped', { words: words.length, wordList });
}
