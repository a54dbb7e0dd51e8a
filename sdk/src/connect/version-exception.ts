import { readStored, STORAGE_KEYS } from '../util/storage.ts';

/** How long "continue without updating" keeps the page on HTTP: 60 × 24 s (connect-bridge.md §9). */
const VERSION_EXCEPTION_SECONDS = 60 * 24;

/** The installer's `continue` left a version exception less than 1440 s ago (connect-protocol.md §4.2). */
export function versionExceptionActive(nowMs: number = Date.now()): boolean {
  const continuedAt = Number(readStored(STORAGE_KEYS.versionContinued));
  return (
    Number.isFinite(continuedAt) && continuedAt > 0 && nowMs / 1000 - continuedAt < VERSION_EXCEPTION_SECONDS
  );
}

/** The installer iframe's message that the visitor chose to continue without the extension or an update. */
export const CONTINUE_MESSAGE = 'continue';
