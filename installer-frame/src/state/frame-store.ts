import { parseParentMessage } from '../messages/parent-message.ts';
import { type FrameAction, type FrameState, INITIAL_STATE, reduceFrameState } from './frame-state.ts';

export interface FrameStore {
  /** The state the page was built and first painted with (React's server snapshot when it hydrates). */
  readonly first: FrameState;
  getState(): FrameState;
  dispatch(action: FrameAction): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Holds the frame's state outside React and listens to the parent from the moment it is created: the parent posts
 * the first dialog on the iframe's load event, which can come before React's first effect runs.
 */
export function createFrameStore(
  target: Window,
  parent: Window | null,
  first: FrameState = INITIAL_STATE,
  early: readonly MessageEvent[] = [],
): FrameStore {
  let state = first;
  const listeners = new Set<() => void>();
  const store: FrameStore = {
    first,
    getState: () => state,
    dispatch(action) {
      const next = reduceFrameState(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const receive = (event: MessageEvent) => {
    if (parent === null || event.source !== parent) return;
    store.dispatch(parseParentMessage(event.data));
  };
  for (const event of early) receive(event);
  target.addEventListener('message', receive);
  return store;
}
