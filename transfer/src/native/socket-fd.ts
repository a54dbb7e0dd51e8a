import type { Socket } from 'node:dgram';

/**
 * The descriptor of a bound `dgram.Socket` (its libuv handle's), for the addon's batch calls; undefined where there
 * is none to give (not bound, or another platform). Read through the socket's state rather than `_handle`, whose
 * getter prints a deprecation warning.
 */
export function socketFd(socket: Socket): number | undefined {
  const owner = socket as unknown as Record<symbol, { handle?: { fd?: number } } | undefined>;
  for (const symbol of Object.getOwnPropertySymbols(socket)) {
    const fd = owner[symbol]?.handle?.fd;
    if (typeof fd === 'number' && fd >= 0) return fd;
  }
  return undefined;
}
