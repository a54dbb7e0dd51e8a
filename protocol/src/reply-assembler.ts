import { decodeBody64 } from './body64.ts';
import type { ResponseDetail } from './page-envelope.ts';

/** A whole reply: HTTP-like status and the body text. */
export interface AssembledReply {
  status: number;
  body: string;
}

/**
 * Joins the `body64` pieces of each request's reply (connect-protocol.md §5.4). A whole reply passes straight
 * through; pieces wait per request id until the one marked `complete`, then decode as one base64 string.
 */
export class ReplyAssembler {
  readonly #pieces = new Map<number, string>();

  /** @returns the reply once it is whole, else undefined */
  accept(detail: ResponseDetail): AssembledReply | undefined {
    const { request_id, status } = detail;
    if ('body' in detail) {
      this.#pieces.delete(request_id);
      return { status, body: detail.body };
    }
    const joined = (this.#pieces.get(request_id) ?? '') + detail.body64;
    if (!detail.complete) {
      this.#pieces.set(request_id, joined);
      return undefined;
    }
    this.#pieces.delete(request_id);
    return { status, body: decodeBody64(joined) };
  }

  /** Forgets the pieces of a request that will not complete (its caller gave up or the host went away). */
  discard(requestId: number): void {
    this.#pieces.delete(requestId);
  }
}
