import { randomAlphanumeric } from '../../crypto/aes-ofb.ts';
import { readStored, writeStored } from '../../util/storage.ts';
import { uuid } from '../../util/uuid.ts';

/** sessionStorage keys of the legacy protocol's fast initialisation (connect-protocol.md §16). */
export const SESSION_KEYS = {
  id: 'aspera-last-known-session-id',
  key: 'aspera-last-known-session-key',
  port: 'aspera-last-known-port',
  launchAttempted: 'aspera-launch-attempted',
} as const;

/** The session the page shares with the client: an id sent as a header, and a 32-character AES key. */
export interface LegacySession {
  id: string;
  key: string;
}

export function newSession(): LegacySession {
  return { id: uuid(), key: randomAlphanumeric(32) };
}

/** The session and port the previous page load left, if any. */
export function storedSession(): { session: LegacySession; port: number } | undefined {
  const id = readStored(SESSION_KEYS.id, 'sessionStorage');
  const key = readStored(SESSION_KEYS.key, 'sessionStorage');
  const port = Number(readStored(SESSION_KEYS.port, 'sessionStorage'));
  if (!id || !key || key.length !== 32 || !Number.isInteger(port) || port <= 0) return undefined;
  return { session: { id, key }, port };
}

export function storeSession(session: LegacySession, port: number): void {
  writeStored(SESSION_KEYS.id, session.id, 'sessionStorage');
  writeStored(SESSION_KEYS.key, session.key, 'sessionStorage');
  writeStored(SESSION_KEYS.port, String(port), 'sessionStorage');
}

/** `fasp://initialize/?key=<key>&id=<id>`: hands the session to the client as it starts. */
export function sessionLaunchUri({ id, key }: LegacySession): string {
  return `fasp://initialize/?key=${encodeURIComponent(key)}&id=${encodeURIComponent(id)}`;
}
