import { EVENT, type EventType } from './status.ts';

/**
 * A status or transfer listener: called as `(type, data)` with the new status (a `Connect.STATUS` value) or the
 * latest {@link AllTransfersInfo}.
 *
 * @example const onStatus: Listener = (_type, status) => console.log(status);
 */
export type Listener = (eventType: EventType, data: unknown) => void;

/** Status and transfer listeners; an `all` listener is on both lists (connect-protocol.md §11.2). */
export class Listeners {
  readonly status: Listener[] = [];
  readonly transfer: Listener[] = [];

  add(type: EventType, listener: Listener): void {
    if (type === EVENT.STATUS || type === EVENT.ALL) this.status.push(listener);
    if (type === EVENT.TRANSFER || type === EVENT.ALL) this.transfer.push(listener);
  }

  /**
   * No arguments: remove all. A function first: remove it everywhere. A type: clear that list. Both: remove
   * that listener from that type. Returns whether anything was removed.
   */
  remove(type?: EventType | Listener, listener?: Listener): boolean {
    if (typeof type === 'function') return this.#removeFrom(EVENT.ALL, (each) => each === type);
    if (type === undefined) return this.#removeFrom(EVENT.ALL, () => true);
    return this.#removeFrom(type, (each) => listener === undefined || each === listener);
  }

  emit(type: typeof EVENT.STATUS | typeof EVENT.TRANSFER, data: unknown): void {
    for (const listener of [...this[type]]) listener(type, data);
  }

  #removeFrom(type: EventType, matches: (listener: Listener) => boolean): boolean {
    let removed = false;
    for (const list of [
      type === EVENT.STATUS || type === EVENT.ALL ? this.status : undefined,
      type === EVENT.TRANSFER || type === EVENT.ALL ? this.transfer : undefined,
    ]) {
      if (!list) continue;
      for (let i = list.length - 1; i >= 0; i--) {
        const each = list[i];
        if (each && matches(each)) {
          list.splice(i, 1);
          removed = true;
        }
      }
    }
    return removed;
  }
}
