import { parseParentMessage } from '../messages/parent-message.ts';
import { type FrameAction, type FrameState, INITIAL_STATE, reduceFrameState } from './frame-state.ts';

export interface FrameStore {
  getState(): FrameState;
  dispatch(action: FrameAction): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Holds the frame's state outside React and listens to the parent from the moment it is created: the parent posts
 * the first dialog on the iframe's load event, which can come before React's first effect runs.
 */
export function createFrameStore(target: Window, parent: Window | null): FrameStore {
  let state = INITIAL_STATE;
  const listeners = new Set<() => void>();
  const store: FrameStore = {
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
  target.addEventListener('message', (event) => {
    if (parent === null || event.source !== parent) return;
    store.dispatch(parseParentMessage(event.data));
  });
  return store;
}
