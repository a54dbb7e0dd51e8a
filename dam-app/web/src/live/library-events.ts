import type { QueryClient } from '@tanstack/react-query';
import { LIBRARY_EVENT, LIBRARY_EVENTS_PATH, libraryEventSchema } from '../../../api/live.ts';
import {
  ASSET_KEY,
  CARTS_KEY,
  COLLECTIONS_KEY,
  FOLDERS_KEY,
  LIBRARY_KEY,
  TRASH_KEY,
} from './library-keys.ts';

/** Changes that come close together (an upload of many files) refresh the screens once. */
export const REFRESH_AFTER_MS = 300;

/** What every screen that shows assets or counts reads: folder views, search, the tree, working sets, an asset. */
export const LIVE_KEYS = [
  LIBRARY_KEY,
  FOLDERS_KEY,
  ASSET_KEY,
  CARTS_KEY,
  COLLECTIONS_KEY,
  TRASH_KEY,
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
