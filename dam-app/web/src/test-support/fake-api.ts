import { vi } from 'vitest';

/** An answer of the fake server: a JSON body (200), a status with a body, or no answer yet. */
export type Answer = unknown | { status: number; body: unknown } | typeof NEVER;

/** The request never answers: the screen stays in its loading state. */
export const NEVER = Symbol('never');

/** A server error in the API's error shape, with the spec text as `user_message`. */
export const failure = (status: number, code: string, userMessage: string) => ({
  status,
  body: { error: { code, message: code, user_message: userMessage } },
});

const isStatus = (answer: unknown): answer is { status: number; body: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;

/**
 * Stands in for the DAM server at the HTTP boundary: routes keyed `METHOD /path` (the path after `/api/v1`, without
 * its query). The screens keep their real api client, queries and schemas; only `fetch` is replaced. A request no
 * route names fails the test with its method and path, so a screen never silently loads nothing, unless `others`
 * answers every other request (a whole app whose shell asks for more than the test is about).
 */
export function fakeApi(routes: Record<string, Answer>, options: { others?: Answer } = {}) {
  const calls: { method: string; path: string; body: unknown; query: string }[] = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dam.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const sent = init?.body;
    // A JSON body as its value; bytes (an uploaded file) as they are.
    calls.push({
      method,
      path: path,
      body: typeof sent === 'string' ? JSON.parse(sent) : (sent ?? undefined),
      query: url.search,
    });
    const key = `${method} ${path}`;
    if (!(key in routes) && !('others' in options)) throw new Error(`fake api: no answer for ${key}`);
    const answer = key in routes ? routes[key] : options.others;
    if (answer === NEVER) return new Promise<Response>(() => {});
    const { status, body } = isStatus(answer) ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetcher);
  return { calls, fetcher };
}
