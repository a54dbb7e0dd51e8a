/**
 * localStorage / sessionStorage that never throws: third-party cookie settings can block storage, and the SDK
 * must carry on (connect-protocol.md §16). Absent on the server, so SSR imports stay safe.
 */
type Area = 'localStorage' | 'sessionStorage';

function area(name: Area): Storage | undefined {
  try {
    return typeof globalThis[name] === 'undefined' ? undefined : globalThis[name];
  } catch {
    return undefined;
  }
}

export function readStored(key: string, where: Area = 'localStorage'): string | undefined {
  try {
    return area(where)?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: string, where: Area = 'localStorage'): void {
  try {
    area(where)?.setItem(key, value);
  } catch {
    // Blocked storage only costs the remembered value.
  }
}

/** The keys of connect-protocol.md §16 this SDK reads or writes. */
export const STORAGE_KEYS = {
  connectMethod: 'aspera-connect-method',
  minVersion: 'aspera-min-version',
  appId: 'connect-app-id',
  logLevel: 'aspera-log-level',
  lastDetected: 'aspera-last-detected',
  versionContinued: 'connect-version-continued',
  extensionInstalled: 'aspera-extension-installed',
} as const;
