import { randomBytes } from 'node:crypto';
import { forbidden } from '../daemon/connect-failure.ts';

/** One read a page was allowed, fixed when the ticket is issued: which read, of which real path. */
export type AllowedRead =
  | { route: 'read-as-array-buffer'; path: string }
  | { route: 'read-chunk-as-array-buffer'; path: string; offset: number; chunkSize: number }
  | { route: 'checksum'; path: string; offset: number; chunkSize: number; checksumMethod: string };

interface Ticket {
  origin: string;
  read: AllowedRead;
  expiresAt: number;
}

/** Long enough for the page to fetch right after the extension answered, short enough to be useless later. */
export const READ_TOKEN_TTL_MS = 30_000;
/** A page that asks for tickets and never fetches cannot grow the table without bound. */
const MAX_OUTSTANDING = 256;

/**
 * One-time tokens for large reads over the local HTTP API. A token is issued (through the extension, after the
 * consent and path checks) for one origin and one read; it can be redeemed once, by that origin, before it expires.
 * A refused redemption burns the token too: whoever guessed or stole it gets one try, not many.
 */
export class ReadTokens {
  readonly #tickets = new Map<string, Ticket>();

  constructor(
    private readonly ttlMs = READ_TOKEN_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  issue(origin: string, read: AllowedRead): { token: string; expiresInMs: number } {
    this.#prune();
    if (this.#tickets.size >= MAX_OUTSTANDING) {
      const oldest = this.#tickets.keys().next().value;
      if (oldest !== undefined) this.#tickets.delete(oldest);
    }
    const token = randomBytes(32).toString('base64url');
    this.#tickets.set(token, { origin, read, expiresAt: this.now() + this.ttlMs });
    return { token, expiresInMs: this.ttlMs };
  }

  /** The read the token allows, for `origin` only; a 403 for an unknown, used, expired or foreign token. */
  redeem(token: string, origin: string | undefined): AllowedRead {
    const ticket = this.#tickets.get(token);
    this.#tickets.delete(token);
    if (!ticket || ticket.expiresAt <= this.now() || !origin || ticket.origin !== origin)
      throw forbidden('This read link is not valid: ask the Rapid client for the file again.');
    return ticket.read;
  }

  #prune() {
    const now = this.now();
    for (const [token, ticket] of this.#tickets) if (ticket.expiresAt <= now) this.#tickets.delete(token);
  }
}
