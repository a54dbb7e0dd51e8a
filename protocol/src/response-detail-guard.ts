import type { ResponseDetail } from './page-envelope.ts';

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * The page's reading of an `AsperaConnectResponse` detail: the same acceptance as the `responseDetail` schema
 * (a whole reply first, else a `body64` piece; unknown fields dropped), written by hand so the script-tag SDK does
 * not carry zod. `response-detail-guard.test.ts` holds the two to the same answers.
 */
export function readResponseDetail(raw: unknown): ResponseDetail | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { request_id, status, body, body64, complete } = raw as Record<string, unknown>;
  if (!isInt(request_id) || !isInt(status)) return undefined;
  if (typeof body === 'string') return { request_id, status, body };
  if (typeof body64 === 'string' && typeof complete === 'boolean')
    return { request_id, status, body64, complete };
  return undefined;
}
