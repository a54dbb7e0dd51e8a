import type { Context } from 'hono';
import type { BodyKind } from '../../api/contract/define-endpoint.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from './api-error.ts';
import { carryRequestId } from './request-id.ts';

/** JSON request bodies above this are refused with 413 before they are read whole. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export type { BodyKind };

const MEDIA_TYPES: Record<BodyKind, string> = {
  json: 'application/json',
  binary: 'application/octet-stream',
};

const tooLarge = (limit: number) =>
  new ApiError(413, 'too_large', MESSAGES.tooLarge, `Request bodies here are limited to ${limit} bytes.`);

/** Whether the request carries a body at all (a declared length above 0, or a chunked one). */
export function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (request.headers.has('transfer-encoding')) return true;
  return length !== null && length.trim() !== '0';
}

/**
 * Holds a request body to what its route declared, whatever the client claims it is: the media type must be the
 * route's (else 415), a declared length over the limit is refused at once, and the bytes are counted as they are
 * read, so a chunked body is refused (413) as soon as it passes the limit — never read whole first.
 */
export function limitBody(c: Context, kind: BodyKind, limit: number): void {
  const request = c.req.raw;
  if (!hasBody(request)) return;
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== MEDIA_TYPES[kind])
    throw new ApiError(
      415,
      'unsupported_media_type',
      MESSAGES.badRequest,
      `This endpoint takes ${MEDIA_TYPES[kind]} bodies.`,
    );
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) throw tooLarge(limit);
  const source = request.body;
  if (!source) return;
  const reader = source.getReader();
  let seen = 0;
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > limit) {
        await reader.cancel().catch(() => {});
        return controller.error(tooLarge(limit));
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  c.req.raw = new Request(request, { body: counted, duplex: 'half' } as RequestInit);
  carryRequestId(request, c.req.raw);
}
