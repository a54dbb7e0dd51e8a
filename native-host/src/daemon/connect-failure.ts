import { type ConnectErrorBody, connectError } from '@rapid/protocol';

/** A failure a route reports to the page: the HTTP status and the spec's error object. */
export class ConnectFailure extends Error {
  override name = 'ConnectFailure';
  constructor(
    readonly status: number,
    readonly code: number,
    readonly internal: string,
    readonly userMessage: string,
  ) {
    super(`${internal}: ${userMessage}`);
  }

  get body(): ConnectErrorBody {
    return connectError(this.code, this.internal, this.userMessage);
  }
}

export const notFound = (what: string) => new ConnectFailure(404, 404, 'Not found', what);
export const forbidden = (why: string) => new ConnectFailure(403, 403, 'Forbidden', why);
export const badRequest = (why: string) => new ConnectFailure(400, -1, 'Invalid request', why);
export const conflict = (why: string) => new ConnectFailure(409, 409, 'Conflict', why);
