import { readFileSync } from 'node:fs';

/** Share of the receiver's socket buffer one burst of the sender may fill: the rest absorbs its stalls. */
export const BURST_BUFFER_SHARE = 1 / 4;

/**
 * What a receiving Linux socket is charged for one datagram of `bytes` (its buffer's "truesize"): the allocation,
 * rounded up to a power of two, plus the socket buffer's own bookkeeping. Measured on loopback with 4 MiB buffers
 * (rmem_max): 2,304 for 1,472 bytes, 16,640 for 8,972; so a buffer holds far fewer bytes than its size says.
 */
export function chargedBytes(datagramBytes: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(1, datagramBytes) + 320)) + 256;
}

/**
 * The most datagrams of `datagramBytes` the sender hands the socket back to back: what fills `BURST_BUFFER_SHARE` of
 * the receiver's buffer as the kernel granted it (`receiverBufferBytes`, the doubled figure getsockopt reports and the
 * kernel compares its charges with), never fewer than one.
 */
export function burstDatagrams(receiverBufferBytes: number, datagramBytes: number): number {
  return Math.max(1, Math.floor((BURST_BUFFER_SHARE * receiverBufferBytes) / chargedBytes(datagramBytes)));
}

let localBuffer: number | undefined;

/**
 * The receive buffer this machine grants at most (net.core.rmem_max, doubled as the kernel reports a granted buffer),
 * read once: the sender's guess for its receiver until the receiver's first feedback says what it was granted. 4 MiB
 * doubled where it cannot be read (another platform).
 */
export function localReceiveBufferBytes(): number {
  if (localBuffer === undefined) {
    let max = 4 * 1024 * 1024;
    try {
      const read = Number(readFileSync('/proc/sys/net/core/rmem_max', 'utf8').trim());
      if (Number.isFinite(read) && read > 0) max = read;
    } catch {
      // Not Linux: the guess stands until the first feedback.
    }
    localBuffer = 2 * max;
  }
  return localBuffer;
}
