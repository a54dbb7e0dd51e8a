import { MessagingError } from './messaging-errors.ts';

/** Messaging settings (connect-bridge.md §3); unset ones take Rapid's defaults. */
export interface MessagingSettings {
  wampRouter?: string;
  wampRealm?: string;
  websocketPort?: number;
  /** wss instead of ws; by default follows the page (https → wss). */
  isWebsocketSecure?: boolean;
}

export const MESSAGING_DEFAULTS = {
  wampRouter: '127.0.0.1',
  wampRealm: 'rapid',
  websocketPort: 33023,
} as const;

/** Reconnect every 2000 ms, up to 25 times, automatically (connect-bridge.md §9). */
export const RECONNECT = { delayMs: 2000, maxRetries: 25 } as const;

/** The router's websocket URL: ws or wss by the page's protocol unless the settings say otherwise. */
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
