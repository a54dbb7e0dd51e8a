import { type ConnectErrorBody, invalidRequest } from '@rapid/protocol';
import type { BridgeResponse } from '../bridge/bridge.ts';

export type ParsedResponse = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Spec rules (connect-bridge.md §5): '' and '{}' are an empty object; unparseable JSON is error -1
 * 'Invalid request'; success needs status 200 *and* no `error` field.
 */
export function parseResponse({ status, body }: BridgeResponse): ParsedResponse {
  let value: unknown;
  try {
    value = body.trim() === '' ? {} : JSON.parse(body);
  } catch (error) {
    return { ok: false, error: invalidRequest((error as Error).message) satisfies ConnectErrorBody };
  }
  const hasError = typeof value === 'object' && value !== null && 'error' in value;
  return status === 200 && !hasError ? { ok: true, value } : { ok: false, error: value };
}
