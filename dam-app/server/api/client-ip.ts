import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The peer's address as the socket saw it; forwarded headers are not trusted (no proxy is configured). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
