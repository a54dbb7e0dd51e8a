import { MessagingError } from './messaging-errors.ts';

/**
 * Messaging settings (connect-bridge.md §3); unset ones take Rapid's defaults.
 *
 * @example attachActivityPush(connect, { websocketPort: 33023, isWebsocketSecure: false });
 */
export interface MessagingSettings {
  /** The router's host. @defaultValue `'127.0.0.1'` */
  wampRouter?: string;
  /** The WAMP realm. @defaultValue `'rapid'` */
  wampRealm?: string;
  /** The router's port. @defaultValue `33023` */
  websocketPort?: number;
  /** wss instead of ws. @defaultValue follows the page (https → wss) */
  isWebsocketSecure?: boolean;
}

/**
 * Where the local client's WAMP router listens by default.
 *
 * @example MESSAGING_DEFAULTS.websocketPort; // 33023
 */
export const MESSAGING_DEFAULTS = {
  /** The router's host. */
  wampRouter: '127.0.0.1',
  /** The realm. */
  wampRealm: 'rapid',
  /** The router's port. */
  websocketPort: 33023,
} as const;

/**
 * Reconnect every 2000 ms, up to 25 times, automatically (connect-bridge.md §9).
 *
 * @example RECONNECT.maxRetries; // 25
 */
export const RECONNECT = {
  /** Delay between attempts, in ms. */
  delayMs: 2000,
  /** Attempts before giving up. */
  maxRetries: 25,
} as const;

/**
 * The router's websocket URL: ws or wss by the page's protocol unless the settings say otherwise.
 *
 * @param pageProtocol `location.protocol` by default
 * @throws {@link MessagingError} 22 for a bad host or port
 * @example websocketUrl({}, 'https:'); // 'wss://127.0.0.1:33023/ws'
 */
export function websocketUrl(settings: MessagingSettings, pageProtocol?: string): string {
  const protocol = pageProtocol ?? (typeof location === 'undefined' ? 'http:' : location.protocol);
  const secure = settings.isWebsocketSecure ?? protocol === 'https:';
  const host = settings.wampRouter ?? MESSAGING_DEFAULTS.wampRouter;
  const port = settings.websocketPort ?? MESSAGING_DEFAULTS.websocketPort;
  if (
    !/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:]+\]$/.test(host) ||
    !Number.isInteger(port) ||
    port <= 0 ||
    port > 65535
  )
    throw new MessagingError(22, { host, port });
  return `${secure ? 'wss' : 'ws'}://${host}:${port}/ws`;
}

export function realmOf(settings: MessagingSettings): string {
  const realm = settings.wampRealm ?? MESSAGING_DEFAULTS.wampRealm;
  if (!realm) throw new MessagingError(21);
  return realm;
}
