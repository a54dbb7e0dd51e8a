import type { TransferInfo } from '../engine/transfer-info.ts';

/**
 * Test support: payload bytes a transfer put on the wire over all its attempts (new and re-sent), from its progress events: each
 * attempt's counters as the attempt ended (`willretry`, or the final status).
 */
export function sentBytesOf(handle: {
  on(event: 'progress', listener: (info: TransferInfo) => void): unknown;
}): () => number {
  let ended = 0;
  let current = 0;
  handle.on('progress', (info) => {
    current = info.bytes_transferred + info.bytes_lost;
    if (info.status === 'willretry') {
      ended += current;
      current = 0;
    }
  });
  return () => ended + current;
}
