export interface LogEntry {
  at: number;
  message: string;
}

const KEEP = 50;

/**
 * The transfer integration's log (R-TRANSFER-LOG: most node and set-up faults are only logged): the newest entries, shown in
 * the transfer panel so the person and support can read them.
 */
export class TransferLog {
  #entries: readonly LogEntry[] = [];
  readonly #listeners = new Set<() => void>();

  add = (message: string) => {
    this.#entries = [...this.#entries, { at: Date.now(), message }].slice(-KEEP);
    for (const listener of this.#listeners) listener();
  };

  entries = (): readonly LogEntry[] => this.#entries;

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };
}
