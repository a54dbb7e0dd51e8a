import { endianness } from 'node:os';

/**
 * Browser → host messages may be up to 64 MiB in Chromium (native-messaging.md §1); a length above this is not a
 * message but a corrupt stream, and the host exits rather than wait for bytes that will never come.
 */
export const MAX_INBOUND_FRAME_BYTES = 64 * 1024 * 1024;

const littleEndian = endianness() === 'LE';

/** A 32-bit length in native byte order, then the UTF-8 JSON (native-messaging.md §1). */
export function encodeFrame(message: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(message), 'utf8');
  const frame = Buffer.allocUnsafe(4 + json.length);
  if (littleEndian) frame.writeUInt32LE(json.length, 0);
  else frame.writeUInt32BE(json.length, 0);
  json.copy(frame, 4);
  return frame;
}

export class FrameError extends Error {
  override name = 'FrameError';
}

/** Incremental decoder: feed it whatever stdin delivers, get whole message texts back. */
export class FrameDecoder {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Bytes needed before a message can complete; avoids re-copying a large message on every chunk. */
  #needed = 4;

  constructor(private readonly maxBytes = MAX_INBOUND_FRAME_BYTES) {}

  /** Returns the complete messages (as JSON text) now available; throws FrameError on an impossible length. */
  push(chunk: Buffer): string[] {
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    if (this.#pendingBytes < this.#needed) return [];

    const messages: string[] = [];
    let buffer = Buffer.concat(this.#pending, this.#pendingBytes);
    while (buffer.length >= 4) {
      const length = littleEndian ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0);
      if (length > this.maxBytes) {
        throw new FrameError(`Frame length ${length} exceeds the ${this.maxBytes}-byte limit`);
      }
      if (buffer.length < 4 + length) break;
      messages.push(buffer.toString('utf8', 4, 4 + length));
      buffer = buffer.subarray(4 + length);
    }
    this.#pending = buffer.length > 0 ? [buffer] : [];
    this.#pendingBytes = buffer.length;
    this.#needed =
      buffer.length >= 4 ? 4 + (littleEndian ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0)) : 4;
    return messages;
  }

  /** Bytes of a message that has started but not finished; non-zero at EOF means the stream was cut. */
  get bufferedBytes(): number {
    return this.#pendingBytes;
  }
}
