import { z } from 'zod';
import type { DiscussionEvent, LibraryEvent } from '../../api/live.ts';
import { NOTIFICATION_TYPES, type NotificationType } from '../../api/notifications.ts';
import type { Unlisten } from '../db/open-database.ts';
import { DISCUSSION_CHANNEL } from '../discussions/discussion-queries.ts';
import { isUnder } from '../folders/acl-scope.ts';
import type { Logger } from '../log.ts';
import { NOTIFY_CHANNEL } from '../notifications/notification-queries.ts';

/** The channel the database triggers notify (migration 0011). */
export const LIBRARY_CHANNEL = 'dam_library';

const notificationSchema = z.object({
  table: z.string(),
  folders: z.array(z.string()).optional(),
  all: z.boolean().optional(),
});
type Notification = z.infer<typeof notificationSchema>;

type Listener = (notification: Notification) => void;

/** What `notify` signals (notifications/notify.ts): the type and the people notified. */
const personalSchema = z.object({ type: z.enum(NOTIFICATION_TYPES), users: z.array(z.number().int()) });
type PersonalListener = (event: { type: NotificationType }) => void;

/** What `signalDiscussion` sends (discussions/discussion-queries.ts): the asset, its path and the comment. */
const discussionSchema = z.object({
  assetId: z.number().int(),
  commentId: z.number().int(),
  path: z.string(),
});
type DiscussionListener = (change: z.infer<typeof discussionSchema>) => void;

/**
 * Fans the database's library notifications out to this server's open pages. Every server of a cluster listens, so
 * a change made through any of them reaches every page.
 */
export class LibraryEvents {
  private readonly listeners = new Set<Listener>();
  /** Each open page's listener for its person's own notifications, by user id. */
  private readonly personal = new Map<number, Set<PersonalListener>>();
  private readonly discussionListeners = new Set<DiscussionListener>();
  private unlisten: Unlisten | undefined;
  private unlistenPersonal: Unlisten | undefined;
  private unlistenDiscussions: Unlisten | undefined;

  constructor(private readonly log: Logger) {}

  async start(listen: (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>) {
    this.unlisten = await listen(LIBRARY_CHANNEL, (payload) => this.publish(payload));
    this.unlistenPersonal = await listen(NOTIFY_CHANNEL, (payload) => this.publishPersonal(payload));
    this.unlistenDiscussions = await listen(DISCUSSION_CHANNEL, (payload) => this.publishDiscussion(payload));
  }

  async stop() {
    this.listeners.clear();
    this.personal.clear();
    this.discussionListeners.clear();
    await this.unlisten?.();
    await this.unlistenPersonal?.();
    await this.unlistenDiscussions?.();
  }

  /** Calls `send` with each discussion change of an asset under `root` (an ACL root) until the returned function runs. */
  subscribeDiscussions(root: string, send: (event: DiscussionEvent) => void): () => void {
    const listener: DiscussionListener = (change) => {
      if (isUnder(root, change.path)) send({ assetId: change.assetId, commentId: change.commentId });
    };
    this.discussionListeners.add(listener);
    return () => this.discussionListeners.delete(listener);
  }

  private publishDiscussion(payload: string) {
    let change: z.infer<typeof discussionSchema>;
    try {
      change = discussionSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.log.warn('live.bad_notification', { error: (error as Error).message });
      return;
    }
    for (const listener of this.discussionListeners) listener(change);
  }

  /** Calls `send` each time the person gets a notification, until the returned function runs. */
  subscribeUser(userId: number, send: PersonalListener): () => void {
    const mine = this.personal.get(userId) ?? new Set<PersonalListener>();
    this.personal.set(userId, mine);
    mine.add(send);
    return () => {
      mine.delete(send);
      if (mine.size === 0 && this.personal.get(userId) === mine) this.personal.delete(userId);
    };
  }

  private publishPersonal(payload: string) {
    let signal: z.infer<typeof personalSchema>;
    try {
      signal = personalSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.log.warn('live.bad_notification', { error: (error as Error).message });
      return;
    }
    for (const userId of signal.users)
      for (const send of this.personal.get(userId) ?? []) send({ type: signal.type });
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
