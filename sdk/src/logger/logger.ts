import { readStored, STORAGE_KEYS, writeStored } from '../util/storage.ts';

/** Log levels of `AW4.Logger` (connect-bridge.md §9). */
export const LEVEL = { INFO: 0, DEBUG: 1, TRACE: 2 } as const;

let level: number | undefined;

/**
 * The level in force, read lazily rather than at import, so the ESM build can be imported where there is no
 * storage. Not on `AW4.Logger`, whose keys are the Connect SDK's.
 */
export function currentLevel(): number {
  if (level === undefined) {
    const stored = Number(readStored(STORAGE_KEYS.logLevel));
    level = Number.isInteger(stored) && stored >= 0 ? stored : LEVEL.INFO;
  }
  return level;
}

/**
 * `AW4.Logger`: `log`, `warn`, `error` always print; `debug` from level 1, `trace` from level 2. The level is
 * kept in localStorage `aspera-log-level` (connect-protocol.md §12) so `AW4.Logger.setLevel(2)` survives reloads.
 * Arguments reach the console as given, with no prefix, as the Connect SDK prints them.
 *
 * @example AW4.Logger.setLevel(2); // trace every request and answer, until set back to 0
 */
export const Logger = {
  /**
   * Sets the level: 0 (info, the default), 1 (debug) or 2 (trace); kept in localStorage `aspera-log-level`.
   * @example Logger.setLevel(1);
   */
  setLevel(value: number): void {
    level = value;
    writeStored(STORAGE_KEYS.logLevel, String(value));
  },
  /**
   * Prints at every level.
   * @example Logger.log('upload started', uuid);
   */
  // biome-ignore lint/suspicious/noConsole: the page's console is this logger's only output
  log: (...args: unknown[]) => console.log(...args),
  /**
   * Prints a warning at every level.
   * @example Logger.warn('slow client');
   */
  // biome-ignore lint/suspicious/noConsole: as above
  warn: (...args: unknown[]) => console.warn(...args),
  /**
   * Prints an error at every level.
   * @example Logger.error('start failed', error);
   */
  // biome-ignore lint/suspicious/noConsole: as above
  error: (...args: unknown[]) => console.error(...args),
  /**
   * Prints from level 1.
   * @example Logger.debug('status', status);
   */
  debug(...args: unknown[]): void {
    // biome-ignore lint/suspicious/noConsole: as above
    if (currentLevel() >= LEVEL.DEBUG) console.log(...args);
  },
  /**
   * Prints from level 2 (the SDK traces every request and answer here).
   * @example Logger.trace('request', body);
   */
  trace(...args: unknown[]): void {
    // biome-ignore lint/suspicious/noConsole: as above
    if (currentLevel() >= LEVEL.TRACE) console.log(...args);
  },
};

/** Forget the cached level (tests). */
export function resetLoggerLevel(): void {
  level = undefined;
}
