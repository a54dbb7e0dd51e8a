/**
 * Messages the page received before its bundle ran. The first-paint script starts listening while the page is
 * parsed and loads the bundle only after the banner has painted, so the parent's messages on the iframe's load
 * event (connect-protocol.md §14.2) may come first; the store replays them.
 */
export interface EarlyMessages {
  /** Stops listening and hands over what came. */
  take(): MessageEvent[];
}

const KEY = 'rapidEarlyMessages';

export function listenEarly(target: Window): void {
  const messages: MessageEvent[] = [];
  const keep = (event: MessageEvent) => messages.push(event);
  target.addEventListener('message', keep);
  const early: EarlyMessages = {
    take() {
      target.removeEventListener('message', keep);
      return messages.splice(0);
    },
  };
  Object.assign(target, { [KEY]: early });
}

/** What the first-paint script kept, or nothing when the page was opened without it. */
export function takeEarlyMessages(target: Window): MessageEvent[] {
  return (target as unknown as Record<typeof KEY, EarlyMessages | undefined>)[KEY]?.take() ?? [];
}
