import {
  calendarRequestSchema,
  calendarSchema,
  keywordCountsSchema,
  savedSearchSchema,
  saveSearchSchema,
  searchRequestSchema,
  searchResultSchema,
  selectAllResultSchema,
} from '../search.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';

const searches = endpointGroup('Search', 'user');

export const search = searches.post('/search', {
  summary: 'Quick, keyword, advanced and directory search, with facet counts and keyset paging',
  body: searchRequestSchema,
  response: searchResultSchema,
  errors: notFound,
});
export const listKeywords = searches.get('/keywords', {
  summary:
    'Global keywords under the current ACL root, with counts (the taxonomy); needs view global keywords',
  response: keywordCountsSchema,
  errors: forbidden,
});
const savedSearches = namedSet({
  group: searches,
  path: '/saved-searches',
  item: savedSearchSchema,
  save: saveSearchSchema,
  exists: 'name_taken',
});
export const listSavedSearches = savedSearches.list('My saved searches and everyone’s public ones');
export const saveSearch = savedSearches.create('Save a search (name, description, public)');
export const deleteSavedSearch = savedSearches.remove('Delete one of my saved searches');
export const searchCalendar = searches.post('/search/calendar', {
  summary: 'The Calendar view’s buckets: results per day, week (from Sunday) or month, in UTC',
  body: calendarRequestSchema,
  response: calendarSchema,
  errors: notFound,
});
export const selectAll = searches.post('/search/select-all', {
  summary:
    'Select all: the ids of every asset of a folder view or a search (at most a selection’s maximum block)',
  body: searchRequestSchema,
  response: selectAllResultSchema,
  errors: errors(notFound, { 400: ['selection_too_large'] }),
});
