import { STORAGE, UPDATE_OPT_OUT_SECONDS } from './constants.ts';
import { safeStorage } from './safe-storage.ts';

/** `continue` records when the visitor declined the update, in seconds (connect-protocol.md §16). */
export function recordUpdateOptOut(nowMs: number): void {
  safeStorage.set(STORAGE.versionContinued, String(Math.floor(nowMs / 1000)));
}

/** True for 1440 s after the visitor chose to continue without updating (connect-bridge.md §9). */
export function isUpdateOptedOut(nowMs: number): boolean {
  const at = Number(safeStorage.get(STORAGE.versionContinued));
  if (!Number.isFinite(at) || at <= 0) return false;
  return nowMs / 1000 - at < UPDATE_OPT_OUT_SECONDS;
}
