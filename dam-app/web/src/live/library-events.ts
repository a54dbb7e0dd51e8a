import type { QueryClient } from '@tanstack/react-query';
import {
  DISCUSSION_EVENT,
  discussionEventSchema,
  LIBRARY_EVENT,
  LIBRARY_EVENTS_PATH,
  libraryEventSchema,
} from '../../../api/live.ts';
import { NOTIFICATION_EVENT } from '../../../api/notifications.ts';
import {
  ASSET_KEYS,
  DISCUSSIONS_KEY,
  discussionKey,
  LIBRARY_KEY,
  NOTIFICATION_KEY,
  TASKS_KEY,
} from '../api/query-keys.ts';

/** Changes that come close together (an upload of many files) refresh the screens once. */
export const REFRESH_AFTER_MS = 300;

/** What every screen that shows assets or counts reads: folder views, search, the tree, working sets, an asset. */
export const LIVE_KEYS = [
  LIBRARY_KEY,
  ['folders'],
  ['asset'],
  ASSET_KEYS.carts,
  ASSET_KEYS.collections,
  ASSET_KEYS.trash,
] as const;

/** The part of `EventSource` this uses, so a test can hand in its own. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

/**
 * Listens to the server's push channel and refreshes what shows the library when it changes: an asset that
 * arrives, changes or leaves shows in the open folder, the search results and the counts, with no navigation.
 * Only screens on display fetch again; the others are marked stale. Returns the function that stops it.
 */
export function watchLibrary(
  queries: QueryClient,
  open: (url: string) => EventSourceLike = (url) => new EventSource(url),
): () => void {
  const source = open(`/api/v1${LIBRARY_EVENTS_PATH}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  source.addEventListener(LIBRARY_EVENT, (event) => {
    const parsed = libraryEventSchema.safeParse(safeJson(event.data));
    if (!parsed.success || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      for (const queryKey of LIVE_KEYS) void queries.invalidateQueries({ queryKey: [...queryKey] });
    }, REFRESH_AFTER_MS);
  });
  // The person's own notifications: the bell's count and the center, at once. The stream's `ready` comes again after
  // every reconnection (the browser reconnects by itself, e.g. after a DAM restart), so what arrived while the page
  // was cut off is fetched then.
  const refreshMine = () => {
    void queries.invalidateQueries({ queryKey: [...NOTIFICATION_KEY] });
    void queries.invalidateQueries({ queryKey: [...TASKS_KEY] });
  };
  source.addEventListener(NOTIFICATION_EVENT, refreshMine);
  // Someone commented on, edited or deleted in an asset's discussion: an open Discussion tab of it shows it at once.
  source.addEventListener(DISCUSSION_EVENT, (event) => {
    const parsed = discussionEventSchema.safeParse(safeJson(event.data));
    if (parsed.success) void queries.invalidateQueries({ queryKey: [...discussionKey(parsed.data.assetId)] });
  });
  let connected = false;
  source.addEventListener('ready', () => {
    if (connected) {
      refreshMine();
      void queries.invalidateQueries({ queryKey: [...DISCUSSIONS_KEY] });
    }
    connected = true;
  });
  return () => {
    clearTimeout(timer);
    source.close();
  };
}

function safeJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}
