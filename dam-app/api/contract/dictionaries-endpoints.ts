import {
  dictionarySchema,
  saveDictionarySchema,
  uploadDictionarySchema,
  wordsQuerySchema,
  wordsSchema,
} from '../dictionaries.ts';
import { endpointGroup } from './endpoint-group.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Dictionaries', 'admin');
const dictionaries = namedSet({
  group: admin,
  path: '/admin/dictionaries',
  item: dictionarySchema,
  save: saveDictionarySchema,
  exists: 'dictionary_exists',
});

export const listDictionaries = dictionaries.list(
  'The dictionaries, with their word counts and the forms using them',
);
export const createDictionary = dictionaries.create('Create a dictionary from a list of words');
export const updateDictionary = dictionaries.update('Rename a dictionary and replace its words');
export const deleteDictionary = dictionaries.remove(
  'Delete a dictionary; one used by forms or fields cannot be deleted',
  { 409: ['dictionary_in_use'] },
);
export const uploadDictionary = admin.post('/admin/dictionaries/upload', {
  summary: 'Create a dictionary from an Excel (.xlsx) file: its first sheet’s first column, one term a row',
  body: uploadDictionarySchema,
  response: dictionarySchema,
  status: 201,
  errors: { 409: ['dictionary_exists'] },
});

const words = endpointGroup('Dictionaries', 'user');
export const dictionaryWords = words.item('/dictionaries/{id}/words', idParams).get('', {
  summary: 'Type-ahead: the dictionary’s words starting with a prefix (case-insensitive), alphabetically',
  query: wordsQuerySchema,
  response: wordsSchema,
});
