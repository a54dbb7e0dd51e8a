import { describeIssues } from '@rapid/protocol';
import type { Context } from 'hono';
import { badRequest } from './connect-failure.ts';

/** The request's JSON body validated against `schema`; an empty body counts as `{}` (connect-bridge.md §5). */
type Parse<T> = { success: true; data: T } | { success: false; error: Parameters<typeof describeIssues>[0] };

export async function readBody<T>(c: Context, schema: { safeParse(input: unknown): Parse<T> }): Promise<T> {
  return parseBody(await c.req.text(), schema);
}

/** `readBody` for a body already read as text (a route that validates it against more than one schema). */
export function parseBody<T>(raw: string, schema: { safeParse(input: unknown): Parse<T> }): T {
  const text = raw.trim();
  let json: unknown = {};
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw badRequest(`The body is not JSON: ${(error as Error).message}`);
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  return parsed.data;
}

/** The origin the host (or the local HTTP server) vouched for. */
export function originOf(c: Context): string | undefined {
  return c.req.header('x-rapid-origin') || undefined;
}

/**
 * Whose transfers a call may see and control: the calling page's origin, or every transfer for the extension's own
 * pages (its popup). Only the native host sets `x-rapid-caller`, on the socket no web page can reach; the local HTTP
 * servers build their inner requests from scratch, so no caller can pass it through them.
 */
export function scopeOf(c: Context): string | undefined {
  return c.req.header('x-rapid-caller') === 'extension' ? undefined : (originOf(c) ?? '');
}
