import { readFileSync } from 'node:fs';

const TABLES = ['/proc/net/udp', '/proc/net/udp6'];
/** One read of the tables serves every session asking within this window (the node has one socket for all). */
const CACHE_MS = 20;
let cache: { atMs: number; drops: Map<number, number> } | undefined;

/**
 * Datagrams the kernel dropped for each local UDP port because the socket's receive buffer was full, from the `drops`
 * column of `/proc/net/udp` and `/proc/net/udp6` (Linux). Parsed from `text` when given, else read (empty elsewhere).
 */
export function dropsByPort(text?: string): Map<number, number> {
  const drops = new Map<number, number>();
  const tables =
    text === undefined
      ? TABLES.map((path) => {
          try {
            return readFileSync(path, 'latin1');
          } catch {
            return '';
          }
        })
      : [text];
  for (const table of tables) {
    for (const line of table.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      const count = Number(fields[12]);
      if (!local || !Number.isFinite(count)) continue;
      const port = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
      drops.set(port, (drops.get(port) ?? 0) + count);
    }
  }
  return drops;
}

/**
 * A counter of the receive-buffer drops of the socket bound to `port`: each call returns the drops since the previous
 * call (0 on systems without the tables). These are datagrams the receiving end itself could not take in time.
 */
export function socketDropCounter(port: number): () => number {
  const total = () => {
    const now = performance.now();
    if (!cache || now - cache.atMs > CACHE_MS) cache = { atMs: now, drops: dropsByPort() };
    return cache.drops.get(port) ?? 0;
  };
  let last = total();
  return () => {
    const current = total();
    const delta = Math.max(0, current - last);
    last = current;
    return delta;
  };
}
