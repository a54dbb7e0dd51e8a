import type { z } from 'zod';
import { ApiFailure, failureFromAnswer, toFailure } from './api-failure.ts';

const BASE = '/api/v1';
const SAFE = new Set(['GET', 'HEAD']);

type Listener = (failure: ApiFailure) => void;

/**
 * The app's one way to the DAM API. Answers are parsed with the shared zod schemas; failures become
 * {@link ApiFailure}. State-changing calls carry the session's CSRF token (the browser adds Origin too), and a
 * `session_timeout` from any call is announced once to whoever listens (the app shows spec §8's message).
 */
export class ApiClient {
  #csrfToken: string | undefined;
  readonly #timeoutListeners = new Set<Listener>();

  constructor(private readonly fetcher: typeof fetch = (...args) => fetch(...args)) {}

  set csrfToken(token: string | undefined) {
    this.#csrfToken = token;
  }

  onSessionTimeout(listener: Listener): () => void {
    this.#timeoutListeners.add(listener);
    return () => this.#timeoutListeners.delete(listener);
  }

  get<S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
    return this.request('GET', path, schema, undefined, signal);
  }
  post<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    return this.request('POST', path, schema, body ?? {});
  }
  put<S extends z.ZodType>(path: string, schema: S, body: unknown): Promise<z.output<S>> {
    return this.request('PUT', path, schema, body);
  }
  delete<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    return this.request('DELETE', path, schema);
  }

  /** A state-changing call whose answer is a file (a contact sheet PDF): the bytes, or the API's failure. */
  async postForBlob(path: string, body: unknown): Promise<Blob> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.#csrfToken) headers['X-CSRF-Token'] = this.#csrfToken;
    let response: Response;
    try {
      response = await this.fetcher(`${BASE}${path}`, {
        method: 'POST',
        headers,
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw toFailure(error);
    }
    if (!response.ok) {
      const failure = failureFromAnswer(response.status, await response.json().catch(() => undefined));
      if (failure.code === 'session_timeout')
        for (const listener of this.#timeoutListeners) listener(failure);
      throw failure;
    }
    return response.blob();
  }

  async request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (!SAFE.has(method) && this.#csrfToken) headers['X-CSRF-Token'] = this.#csrfToken;
    let response: Response;
    try {
      response = await this.fetcher(`${BASE}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw toFailure(error);
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const failure = failureFromAnswer(response.status, payload);
      if (failure.code === 'session_timeout')
        for (const listener of this.#timeoutListeners) listener(failure);
      throw failure;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new ApiFailure(response.status, 'bad_answer', failureFromAnswer(500, undefined).userMessage);
    return parsed.data;
  }
}

export const api = new ApiClient();
