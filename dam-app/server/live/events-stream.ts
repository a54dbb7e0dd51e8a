import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { DISCUSSION_EVENT, LIBRARY_EVENT, type LibraryEvent } from '../../api/live.ts';
import { NOTIFICATION_EVENT } from '../../api/notifications.ts';
import type { Principal } from '../access/principal.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import type { DamServices } from '../services.ts';

/** A comment line now and then keeps proxies and the browser from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;

/** The library events of the person's ACL, as Server-Sent Events until the browser goes away. */
export function streamLibraryEvents(c: Context, services: DamServices, principal: Principal): Response {
  const root = aclRoot(principal);
  return streamSSE(c, async (stream) => {
    const queue: { event: string; data: unknown }[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = services.live.subscribe(root, (event: LibraryEvent) => {
      queue.push({ event: LIBRARY_EVENT, data: event });
      wake?.();
    });
    // The person's own notifications go down the same stream, named `notification` (issue 28: one push channel).
    const unsubscribeMine = services.live.subscribeUser(principal.user.id, (event) => {
      queue.push({ event: NOTIFICATION_EVENT, data: event });
      wake?.();
    });
    // A change to a discussion the person may see: an open Discussion tab of that asset loads again (issue 28).
    const unsubscribeTalk = services.live.subscribeDiscussions(root, (event) => {
      queue.push({ event: DISCUSSION_EVENT, data: event });
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      unsubscribeMine();
      unsubscribeTalk();
      wake?.();
    });
    await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
    while (!stream.aborted && !stream.closed) {
      const event = queue.shift();
      if (event) {
        await stream.writeSSE({ event: event.event, data: JSON.stringify(event.data) });
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
    unsubscribeMine();
    unsubscribeTalk();
  });
}
