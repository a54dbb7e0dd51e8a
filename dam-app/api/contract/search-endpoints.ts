import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { idParamSchema } from '../admin.ts';
import {
  calendarRequestSchema,
  calendarSchema,
  keywordCountsSchema,
  savedSearchSchema,
  saveSearchSchema,
  searchRequestSchema,
  searchResultSchema,
} from '../search.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Search';

export const search = defineEndpoint({
  method: 'post',
  path: '/search',
  tag,
  summary: 'Quick, keyword, advanced and directory search, with facet counts and keyset paging',
  auth: 'user',
  body: searchRequestSchema,
  response: searchResultSchema,
  errors: { 404: ['not_found'] },
});
export const listKeywords = defineEndpoint({
  method: 'get',
  path: '/keywords',
  tag,
  summary:
    'Global keywords under the current ACL root, with counts (the taxonomy); needs view global keywords',
  auth: 'user',
  response: keywordCountsSchema,
  errors: { 403: ['forbidden'] },
});
export const listSavedSearches = defineEndpoint({
  method: 'get',
  path: '/saved-searches',
  tag,
  summary: 'My saved searches and everyone’s public ones',
  auth: 'user',
  response: z.array(savedSearchSchema),
});
export const saveSearch = defineEndpoint({
  method: 'post',
  path: '/saved-searches',
  tag,
  summary: 'Save a search (name, description, public)',
  auth: 'user',
  body: saveSearchSchema,
  response: savedSearchSchema,
  status: 201,
  errors: { 409: ['name_taken'] },
});
export const deleteSavedSearch = defineEndpoint({
  method: 'delete',
  path: '/saved-searches/{id}',
  tag,
  summary: 'Delete one of my saved searches',
  auth: 'user',
  params: idParamSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
export const searchCalendar = defineEndpoint({
  method: 'post',
  path: '/search/calendar',
  tag,
  summary: 'The Calendar view’s buckets: results per day, week (from Sunday) or month, in UTC',
  auth: 'user',
  body: calendarRequestSchema,
  response: calendarSchema,
  errors: { 404: ['not_found'] },
});
