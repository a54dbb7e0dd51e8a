import { base64ToBytes } from './body64.ts';
import type { ResponseDetail } from './page-envelope.ts';

/** A whole reply: HTTP-like status and the body text. */
export interface AssembledReply {
  status: number;
  body: string;
}

/** A reply still arriving: the text decoded so far, and what could not be decoded yet. */
interface Partial {
  /** Base64 characters past the last whole 4-character group (pieces may be cut anywhere). */
  carry: string;
  /** Keeps a UTF-8 sequence cut between pieces until its last byte arrives. */
  utf8: InstanceType<typeof TextDecoder>;
  text: string[];
}

/**
 * Joins the `body64` pieces of each request's reply (connect-protocol.md §5.4). A whole reply passes straight
 * through. Pieces are decoded as they arrive, each whole 4-character group of the one base64 string once, so a
 * large reply is all but decoded when its last piece lands (the decoding overlaps the wait for the next piece).
 */
export class ReplyAssembler {
  readonly #pieces = new Map<number, Partial>();

  /** @returns the reply once it is whole, else undefined */
  accept(detail: ResponseDetail): AssembledReply | undefined {
    const { request_id, status } = detail;
    if ('body' in detail) {
      this.#pieces.delete(request_id);
      return { status, body: detail.body };
    }
    const partial = this.#pieces.get(request_id) ?? { carry: '', utf8: new TextDecoder(), text: [] };
    this.#pieces.delete(request_id);
    const base64 = partial.carry + detail.body64;
    const whole = detail.complete ? base64.length : base64.length - (base64.length % 4);
    partial.text.push(
      partial.utf8.decode(base64ToBytes(base64.slice(0, whole)), { stream: !detail.complete }),
    );
    if (detail.complete) return { status, body: partial.text.join('') };
    partial.carry = base64.slice(whole);
    this.#pieces.set(request_id, partial);
    return undefined;
  }

  /** Forgets the pieces of a request that will not complete (its caller gave up or the host went away). */
  discard(requestId: number): void {
    this.#pieces.delete(requestId);
  }
}
