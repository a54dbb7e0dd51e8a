import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** What `transfer/native/rapid-dgram.c` exports. */
export interface DatagramAddon {
  gcmNew(key: Buffer): object;
  /** Seals `payload` into `packet` after its first `aadLength` bytes (the header), the tag right after. */
  gcmSeal(handle: object, nonce: Buffer, packet: Buffer, aadLength: number, payload: Buffer): void;
  /** Opens the body in place; false when the tag after it does not match. */
  gcmOpen(handle: object, nonce: Buffer, packet: Buffer, aadLength: number, bodyLength: number): boolean;
  /**
   * sendmmsg of datagrams given as parts, without blocking; how many went. `segment`: runs of one size go as one
   * UDP GSO message each (the receiver still gets the same datagrams).
   */
  sendBatch(fd: number, datagrams: Buffer[][], port?: number, address?: string, segment?: boolean): number;
  /** True once the kernel refused UDP GSO in this process (batches then go one datagram per message). */
  segmentationOff(): boolean;
  /**
   * recvmmsg without blocking into slots of `slotBytes`; how many came (a length of -1: cut, drop it). With
   * `segments` (a socket with `groOn`), the size of the datagrams a coalesced run holds, 0 for a single one.
   */
  recvBatch(
    fd: number,
    buffer: Buffer,
    slotBytes: number,
    lengths: Int32Array,
    sources?: Uint8Array,
    segments?: Int32Array,
  ): number;
  /** UDP GRO on the socket: runs from one sender arrive coalesced; false where the kernel has none. */
  groOn(fd: number): boolean;
  /** Blocks the calling thread until one of the sockets is readable or `timeoutMs` passed; how many are. */
  waitReadable(fds: Int32Array, timeoutMs: number): number;
}

/**
 * The one switch between the addon and the JavaScript path: `RAPID_DATAGRAM_ADDON=off` forces JavaScript, a path
 * names the addon file; by default it is loaded from where `transfer/native/build.mjs` puts it (from the source tree
 * and from the node's bundle in transfer/dist alike) or from beside the running bundle. Both paths write the same
 * wire format, so either end may use either.
 */
export function addonFiles(setting = process.env.RAPID_DATAGRAM_ADDON): string[] {
  if (setting === 'off' || setting === '0') return [];
  if (setting && setting !== 'on' && setting !== '1') return [setting];
  return [
    fileURLToPath(new URL('../../native/build/rapid-dgram.node', import.meta.url)),
    fileURLToPath(new URL('../native/build/rapid-dgram.node', import.meta.url)),
    fileURLToPath(new URL('./rapid-dgram.node', import.meta.url)),
  ];
}

const modules = new Map<string, DatagramAddon | undefined>();

/** The addon file in use, or undefined for the JavaScript path. */
export function datagramAddonFile(): string | undefined {
  for (const file of addonFiles()) {
    if (!modules.has(file)) modules.set(file, load(file));
    if (modules.get(file)) return file;
  }
  return undefined;
}

/** Which datagram path this process runs, as status lines name it. */
export function datagramIo(): 'addon' | 'javascript' {
  return datagramAddonFile() ? 'addon' : 'javascript';
}

/**
 * The addon, or undefined when it is switched off, not built, or does not load here. The setting is read at each
 * call (once per session or socket, never per datagram), a file loaded once.
 */
export function datagramAddon(): DatagramAddon | undefined {
  const file = datagramAddonFile();
  return file ? modules.get(file) : undefined;
}

function load(file: string): DatagramAddon | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return createRequire(import.meta.url)(file) as DatagramAddon;
  } catch {
    // Built for another Node or platform: the next candidate, or JavaScript.
    return undefined;
  }
}
