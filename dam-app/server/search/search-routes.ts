import {
  deleteSavedSearch,
  listKeywords,
  listSavedSearches,
  saveSearch,
  search,
  selectAll,
} from '../../api/contract/search-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as searches from './search-service.ts';

export const searchRoutes = [
  bindEndpoint(search, ({ services, principal, body }) => searches.search(services, principal, body)),
  bindEndpoint(selectAll, ({ services, principal, body }) => searches.selectAll(services, principal, body)),
  bindEndpoint(listKeywords, ({ services, principal }) => searches.keywords(services, principal)),
  bindEndpoint(listSavedSearches, ({ services, principal }) => searches.savedSearches(services, principal)),
  bindEndpoint(saveSearch, ({ services, principal, body }) => searches.saveSearch(services, principal, body)),
  bindAction(deleteSavedSearch, ({ services, principal, params }) =>
    searches.deleteSavedSearch(services, principal, params.id),
  ),
];
