/** What a key does in the video player (R-VIDEO-SKIP: J and L skip 10 seconds back and forward). */
export type PlayerAction =
  | 'togglePlay'
  | 'skipBack'
  | 'skipForward'
  | 'frameBack'
  | 'frameForward'
  | 'setIn'
  | 'setOut'
  | 'addCue';

const KEYS: Record<string, PlayerAction> = {
  ' ': 'togglePlay',
  k: 'togglePlay',
  j: 'skipBack',
  l: 'skipForward',
  ArrowLeft: 'frameBack',
  ArrowRight: 'frameForward',
  ',': 'frameBack',
  '.': 'frameForward',
  i: 'setIn',
  o: 'setOut',
  m: 'addCue',
};

/** The action of a key press, or none (a key with Ctrl, Alt or Meta is the browser's). */
export function playerAction(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>) {
  if (event.ctrlKey || event.altKey || event.metaKey) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return KEYS[key];
}

/** Keys typed into a field are the field's. */
export const typingInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
