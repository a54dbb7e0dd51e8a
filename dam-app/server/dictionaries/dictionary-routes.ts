import {
  createDictionary,
  deleteDictionary,
  dictionaryWords,
  listDictionaries,
  updateDictionary,
  uploadDictionary,
} from '../../api/contract/dictionaries-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as dictionaries from './dictionary-service.ts';

export const dictionaryRoutes = [
  bindEndpoint(listDictionaries, ({ services }) => dictionaries.listDictionaries(services)),
  bindEndpoint(uploadDictionary, ({ services, principal, body, ip }) =>
    dictionaries.uploadDictionary(services, principal, body, ip),
  ),
  bindEndpoint(createDictionary, ({ services, principal, body, ip }) =>
    dictionaries.createDictionary(services, principal, body, ip),
  ),
  bindEndpoint(updateDictionary, ({ services, principal, params, body, ip }) =>
    dictionaries.updateDictionary(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deleteDictionary, async ({ services, principal, params, ip }) => {
    await dictionaries.deleteDictionary(services, principal, params.id, ip);
    return { ok: true as const };
  }),
  bindEndpoint(dictionaryWords, ({ services, params, query }) =>
    dictionaries.dictionaryWords(services, params.id, query.prefix, query.limit),
  ),
];
