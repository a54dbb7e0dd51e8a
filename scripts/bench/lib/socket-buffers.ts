import { readFileSync, writeFileSync } from 'node:fs';

const LIMITS = ['/proc/sys/net/core/rmem_max', '/proc/sys/net/core/wmem_max'];

/** The system's cap on a socket's receive buffer (Linux `net.core.rmem_max`), bytes; undefined elsewhere. */
export function receiveBufferCap(): number | undefined {
  try {
    return Number(readFileSync(LIMITS[0] as string, 'utf8').trim());
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` with the system's socket-buffer caps raised to `bytes` (root on Linux only), restoring them after; the
 * sockets opened meanwhile get buffers that large. Resolves undefined, without running `work`, where the caps cannot be
 * raised.
 */
export async function withSocketBufferCaps<T>(bytes: number, work: () => Promise<T>): Promise<T | undefined> {
  let saved: string[];
  try {
    saved = LIMITS.map((path) => readFileSync(path, 'utf8'));
    for (const path of LIMITS) writeFileSync(path, String(bytes));
  } catch {
    return undefined;
  }
  try {
    return await work();
  } finally {
    LIMITS.forEach((path, i) => {
      writeFileSync(path, saved[i] as string);
    });
  }
}
