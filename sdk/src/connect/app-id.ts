import { Logger } from '../logger/logger.ts';
import { utoa } from '../util/base64.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../util/storage.ts';
import { uuid } from '../util/uuid.ts';
import { MESSAGES } from './messages.ts';

/** Below this many bits of Shannon entropy per character an app id is easy to guess (connect-bridge.md §9). */
const ENTROPY_THRESHOLD_BITS = 3.8;

export function entropyPerCharacter(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * The session's app id: the page's, else the remembered one, else base64 of a fresh UUID; remembered in
 * localStorage `connect-app-id`. A low-entropy id only earns a warning.
 */
export function resolveAppId(given?: string): string {
  const appId = given || readStored(STORAGE_KEYS.appId) || utoa(uuid());
  writeStored(STORAGE_KEYS.appId, appId);
  if (entropyPerCharacter(appId) <= ENTROPY_THRESHOLD_BITS) Logger.warn(MESSAGES.lowEntropy);
  return appId;
}
