import { readFileSync } from 'node:fs';

const TABLES = ['/proc/net/udp', '/proc/net/udp6'];
/** One read of the tables serves every session asking within this window (the node has one socket for all). */
const CACHE_MS = 20;

export interface SocketStats {
  /** Datagrams the kernel dropped because the socket's receive buffer was full, since the socket opened. */
  drops: number;
  /** Bytes waiting in the socket's receive buffer now (as the kernel counts them, per-datagram overhead included). */
  queuedBytes: number;
}

let cache: { atMs: number; stats: Map<number, SocketStats> } | undefined;

/**
 * The receive-side state of each local UDP port, from the `rx_queue` and `drops` columns of `/proc/net/udp` and
 * `/proc/net/udp6` (Linux). Parsed from `text` when given, else read (empty elsewhere).
 */
export function statsByPort(text?: string): Map<number, SocketStats> {
  const stats = new Map<number, SocketStats>();
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
      const queues = fields[4];
      const drops = Number(fields[12]);
      if (!local || !queues || !Number.isFinite(drops)) continue;
      const port = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
      const queuedBytes = Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16) || 0;
      const known = stats.get(port);
      stats.set(port, {
        drops: (known?.drops ?? 0) + drops,
        queuedBytes: (known?.queuedBytes ?? 0) + queuedBytes,
      });
    }
  }
  return stats;
}

function statsOf(port: number): SocketStats | undefined {
  const now = performance.now();
  if (!cache || now - cache.atMs > CACHE_MS) cache = { atMs: now, stats: statsByPort() };
  return cache.stats.get(port);
}

/**
 * A counter of the receive-buffer drops of the socket bound to `port`: each call returns the drops since the previous
 * call (0 on systems without the tables). These are datagrams the receiving end itself could not take in time.
 */
export function socketDropCounter(port: number): () => number {
  const total = () => statsOf(port)?.drops ?? 0;
  let last = total();
  return () => {
    const current = total();
    const delta = Math.max(0, current - last);
    last = current;
    return delta;
  };
}

/** The bytes waiting in the receive buffer of the socket bound to `port` (0 on systems without the tables). */
export function socketQueuedBytes(port: number): () => number {
  return () => statsOf(port)?.queuedBytes ?? 0;
}
