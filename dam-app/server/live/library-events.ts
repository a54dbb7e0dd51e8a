import { z } from 'zod';
import type { LibraryEvent } from '../../api/live.ts';
import type { Unlisten } from '../db/open-database.ts';
import { isUnder } from '../folders/acl-scope.ts';
import type { Logger } from '../log.ts';

/** The channel the database triggers notify (migration 0011). */
export const LIBRARY_CHANNEL = 'dam_library';

const notificationSchema = z.object({
  table: z.string(),
  folders: z.array(z.string()).optional(),
  all: z.boolean().optional(),
});
type Notification = z.infer<typeof notificationSchema>;

type Listener = (notification: Notification) => void;

/**
 * Fans the database's library notifications out to this server's open pages. Every server of a cluster listens, so
 * a change made through any of them reaches every page.
 */
export class LibraryEvents {
  private readonly listeners = new Set<Listener>();
  private unlisten: Unlisten | undefined;

  constructor(private readonly log: Logger) {}

  async start(listen: (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>) {
    this.unlisten = await listen(LIBRARY_CHANNEL, (payload) => this.publish(payload));
  }

  async stop() {
    this.listeners.clear();
    await this.unlisten?.();
  }

  /** Calls `send` with each change under `root` (an ACL root, '' for everything) until the returned function runs. */
  subscribe(root: string, send: (event: LibraryEvent) => void): () => void {
    const listener: Listener = (notification) => {
      const event = visibleEvent(notification, root);
      if (event) send(event);
    };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  private publish(payload: string) {
    let notification: Notification;
    try {
      notification = notificationSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.log.warn('live.bad_notification', { error: (error as Error).message });
      return;
    }
    for (const listener of this.listeners) listener(notification);
  }
}

/** What of a change one ACL root may see: its folders at or under the root; nothing when none is. */
export function visibleEvent(notification: Notification, root: string): LibraryEvent | undefined {
  if (notification.all) return { folders: [], all: true };
  const folders = (notification.folders ?? []).filter((folder) => isUnder(root, folder));
  return folders.length ? { folders, all: false } : undefined;
}
