/**
 * Legacy sessions handed over by `fasp://initialize/?key=&id=`: session id → key. Bounded, oldest dropped first,
 * since every page load of an old SDK makes a new session.
 */
export class SessionRegistry {
  readonly #keys = new Map<string, string>();

  constructor(readonly limit = 64) {}

  add(id: string, key: string): void {
    this.#keys.delete(id);
    this.#keys.set(id, key);
    while (this.#keys.size > this.limit) {
      const oldest = this.#keys.keys().next().value;
      if (oldest === undefined) break;
      this.#keys.delete(oldest);
    }
  }

  keyOf(id: string | undefined): string | undefined {
    return id ? this.#keys.get(id) : undefined;
  }
}
