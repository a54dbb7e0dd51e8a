import browser, { type Runtime } from 'webextension-polyfill';

// The one module that knows about webextension-polyfill (end-of-life, native-messaging.md §7): replacing it with
// the browsers' own `browser` namespace changes only this file.
export { browser };
export type Port = Runtime.Port;
export type MessageSender = Runtime.MessageSender;

/** Why a port closed: Firefox sets `port.error`, Chromium `runtime.lastError` during onDisconnect. */
export function disconnectReason(port: Port): string {
  const chromeError = (globalThis as { chrome?: { runtime?: { lastError?: { message?: string } } } }).chrome
    ?.runtime?.lastError?.message;
  return port.error?.message ?? chromeError ?? 'The Rapid client closed the connection.';
}
