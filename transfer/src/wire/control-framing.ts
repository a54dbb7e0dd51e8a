import { type ControlMessage, controlMessage } from '@rapid/protocol';

export const MAX_CONTROL_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Encodes one control message: a 4-byte big-endian length, then UTF-8 JSON (PROTOCOL.md §1.2). */
export function encodeControl(message: ControlMessage): Buffer {
  const json = Buffer.from(JSON.stringify(message), 'utf8');
  const frame = Buffer.allocUnsafe(4 + json.length);
  frame.writeUInt32BE(json.length, 0);
  json.copy(frame, 4);
  return frame;
}

export class ControlFramingError extends Error {}

/**
 * Incremental decoder: feed it stream chunks, get whole validated messages. Unknown message types are skipped so a
 * newer peer can add messages; anything else that does not parse throws.
 */
export class ControlDecoder {
  #buffered: Buffer = Buffer.alloc(0);
  /** Chunks of a long message, joined once it is whole (joining at every chunk copies it over and over). */
  #waiting: Buffer[] = [];
  #waitingBytes = 0;
  #needed = 0;

  push(chunk: Buffer): ControlMessage[] {
    if (this.#needed > 0) {
      this.#waiting.push(chunk);
      this.#waitingBytes += chunk.length;
      if (this.#waitingBytes < this.#needed) return [];
      this.#buffered = Buffer.concat(this.#waiting);
      this.#waiting = [];
      this.#needed = 0;
    } else this.#buffered = this.#buffered.length === 0 ? chunk : Buffer.concat([this.#buffered, chunk]);
    const messages: ControlMessage[] = [];
    while (this.#buffered.length >= 4) {
      const length = this.#buffered.readUInt32BE(0);
      if (length > MAX_CONTROL_MESSAGE_BYTES)
        throw new ControlFramingError(`control message of ${length} bytes`);
      if (this.#buffered.length < 4 + length) {
        this.#needed = 4 + length;
        this.#waiting = [this.#buffered];
        this.#waitingBytes = this.#buffered.length;
        this.#buffered = Buffer.alloc(0);
        break;
      }
      const body = this.#buffered.subarray(4, 4 + length).toString('utf8');
      this.#buffered = this.#buffered.subarray(4 + length);
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        throw new ControlFramingError('control message is not JSON');
      }
      const parsed = controlMessage.safeParse(value);
      if (parsed.success) messages.push(parsed.data);
      else if (isKnownType(value))
        throw new ControlFramingError(`invalid ${(value as { t: string }).t} message`);
    }
    return messages;
  }
}

const KNOWN = new Set(controlMessage.def.options.map((option) => option.def.shape.t.def.values[0] as string));

function isKnownType(value: unknown): boolean {
  return typeof value !== 'object' || value === null || !('t' in value) || KNOWN.has(String(value.t));
}
