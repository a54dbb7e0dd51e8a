import {
  type Dictionary,
  dictionarySchema,
  type SaveDictionary,
  saveDictionarySchema,
} from '../../api/dictionaries.ts';
import { FIELD_MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, invalid } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import * as queries from './dictionary-queries.ts';
import { xlsxTerms } from './xlsx-terms.ts';

type Row = Awaited<ReturnType<typeof queries.dictionaryRows>>[number];

const view = (row: Row): Dictionary =>
  dictionarySchema.parse({
    id: row.id,
    name: row.name,
    words: Number(row.words ?? 0),
    shipped: row.shipped,
    usedBy: row.used_by,
  });

const dictionaryNotFound = () => new ApiError(404, 'not_found', FIELD_MESSAGES.dictionaryNotFound);
const nameTaken = () => conflict('dictionary_exists', FIELD_MESSAGES.dictionaryNameExists, 'name');
const isForeignKeyViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23503';

export const listDictionaries = async (services: DamServices) =>
  (await queries.dictionaryRows(services.db)).map(view);

async function dictionaryById(services: DamServices, id: number) {
  const [row] = await queries.dictionaryRows(services.db, id);
  if (!row) throw dictionaryNotFound();
  return view(row);
}

export async function createDictionary(
  services: DamServices,
  principal: Principal,
  body: SaveDictionary,
  ip: string,
) {
  const id = await services.db.transaction().execute(async (trx) => {
    const id = await queries.insertDictionary(trx, body.name);
    if (id === undefined) throw nameTaken();
    await queries.replaceWords(trx, id, body.words);
    await audit(trx, { actorId: principal.user.id, event: 'dictionary_saved', target: body.name, ip });
    return id;
  });
  return dictionaryById(services, id);
}

export async function updateDictionary(
  services: DamServices,
  principal: Principal,
  id: number,
  body: SaveDictionary,
  ip: string,
) {
  await services.db
    .transaction()
    .execute(async (trx) => {
      if ((await queries.renameDictionary(trx, id, body.name)) === undefined) throw dictionaryNotFound();
      await queries.replaceWords(trx, id, body.words);
      await audit(trx, { actorId: principal.user.id, event: 'dictionary_saved', target: body.name, ip });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return dictionaryById(services, id);
}

/** R-DICTIONARY-IN-USE: a dictionary used by forms or fields cannot be deleted (the foreign key holds it between two saves). */
export async function deleteDictionary(services: DamServices, principal: Principal, id: number, ip: string) {
  const inUse = () => conflict('dictionary_in_use', FIELD_MESSAGES.dictionaryInUse);
  const dictionary = await dictionaryById(services, id);
  if (dictionary.usedBy.length) throw inUse();
  const name = await queries.deleteDictionaryRow(services.db, id).catch((error: unknown) => {
    throw isForeignKeyViolation(error) ? inUse() : error;
  });
  if (name === undefined) throw dictionaryNotFound();
  await audit(services.db, { actorId: principal.user.id, event: 'dictionary_deleted', target: name, ip });
}

/** R-DICTIONARY-UPLOAD: "A dictionary upload must be an Excel format. Dictionary terms must be unique and at most 128 characters." */
export async function uploadDictionary(
  services: DamServices,
  principal: Principal,
  body: { name: string; fileName: string; content: string },
  ip: string,
) {
  const notExcel = () => invalid({ content: FIELD_MESSAGES.dictionaryUpload }, 'dictionary_format');
  if (!/\.xlsx$/i.test(body.fileName)) throw notExcel();
  const terms = await xlsxTerms(Buffer.from(body.content, 'base64'));
  if (!terms) throw notExcel();
  const checked = saveDictionarySchema.safeParse({ name: body.name, words: terms });
  if (!checked.success) throw invalid({ words: FIELD_MESSAGES.dictionaryTerms }, 'dictionary_terms');
  return createDictionary(services, principal, checked.data, ip);
}

export async function dictionaryWords(services: DamServices, id: number, prefix: string, limit: number) {
  const words = await queries.wordsWithPrefix(services.db, id, prefix.trim(), limit);
  // Only an empty answer asks whether the dictionary exists: the type-ahead's usual answer costs one query.
  if (!words.length && !(await queries.dictionaryExists(services.db, id))) throw dictionaryNotFound();
  return { words };
}
