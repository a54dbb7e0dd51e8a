import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { LIBRARY_EVENT, LIBRARY_EVENTS_PATH, type LibraryEvent } from '../../api/live.ts';
import { defineRoute } from '../api/define-route.ts';
import { aclRoot } from '../folders/acl-scope.ts';

/** A comment line now and then keeps proxies and the browser from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;

export const eventsRoutes = [
  defineRoute({
    method: 'get',
    path: LIBRARY_EVENTS_PATH,
    tag: 'Live',
    summary:
      'The server push channel (Server-Sent Events): a `library` event with the folders whose assets or counts changed, for the current ACL only',
    auth: 'user',
    response: z.string(),
    produces: 'text/event-stream',
    async handler({ c, services, principal }) {
      const root = aclRoot(principal);
      return streamSSE(c, async (stream) => {
        const queue: LibraryEvent[] = [];
        let wake: (() => void) | undefined;
        const unsubscribe = services.live.subscribe(root, (event) => {
          queue.push(event);
          wake?.();
        });
        stream.onAbort(() => {
          unsubscribe();
          wake?.();
        });
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        while (!stream.aborted && !stream.closed) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: LIBRARY_EVENT, data: JSON.stringify(event) });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, KEEP_ALIVE_MS).unref();
          });
          wake = undefined;
          if (!queue.length && !stream.aborted) await stream.write(': keep-alive\n\n');
        }
        unsubscribe();
      });
    },
  }),
];
