import { z } from 'zod';
import { LIBRARY_EVENTS_PATH } from '../live.ts';
import { defineEndpoint } from './define-endpoint.ts';

export const libraryEvents = defineEndpoint({
  method: 'get',
  path: LIBRARY_EVENTS_PATH,
  tag: 'Live',
  summary:
    'The server push channel (Server-Sent Events): a `library` event with the folders whose assets or counts changed, for the current ACL only',
  auth: 'user',
  response: z.string(),
  produces: 'text/event-stream',
});
