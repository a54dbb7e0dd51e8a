/**
 * localStorage that never throws: it is blocked under some third-party cookie settings, and the installer must carry
 * on without it (connect-protocol.md §16).
 */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Blocked storage only loses a remembered preference.
    }
  },
};
