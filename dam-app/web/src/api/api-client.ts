import type { z } from 'zod';
import { type Endpoint, endpointPath, type PathParams } from '../../../api/contract/define-endpoint.ts';
import { ApiFailure, failureFromAnswer, toFailure } from './api-failure.ts';

const BASE = '/api/v1';
const SAFE = new Set(['GET', 'HEAD']);

type Listener = (failure: ApiFailure) => void;

type Given<S> = S extends z.ZodType ? z.input<S> : undefined;
type Parts<E> = E extends Endpoint<infer P, infer Q, infer B> ? { params: P; query: Q; body: B } : never;
/** What `call` needs for an endpoint: its path parameters, query and body, each only when the endpoint has one. */
export type CallInput<E extends Endpoint> = (Parts<E>['params'] extends z.ZodType
  ? { params: PathParams<Parts<E>['params']> }
  : object) &
  (Parts<E>['query'] extends z.ZodType ? { query?: Given<Parts<E>['query']> } : object) &
  (Parts<E>['body'] extends z.ZodType ? { body: Given<Parts<E>['body']> } : object) & {
    signal?: AbortSignal;
  };
type CallArgs<E extends Endpoint> = Parts<E>['params'] extends z.ZodType
  ? [input: CallInput<E>]
  : Parts<E>['body'] extends z.ZodType
    ? [input: CallInput<E>]
    : [input?: CallInput<E>];

/**
 * The app's one way to the DAM API. Answers are parsed with the shared zod schemas; failures become
 * {@link ApiFailure}. State-changing calls carry the session's CSRF token (the browser adds Origin too), and a
 * `session_timeout` from any call is announced once to whoever listens (the app shows R-SESSION-TIMEOUT message).
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

  /**
   * Calls an endpoint of the shared contract (`api/contract/`): its method and path, its parameters filled in, the
   * answer parsed with its response schema. Parameters, query and body are typed from the same declaration the
   * server answers with, so a call the server would refuse does not typecheck.
   */
  call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<z.output<E['response']>> {
    const { method, path, body, signal } = requestOf(endpoint, input);
    return this.#request(method, path, endpoint.response as E['response'], body, signal);
  }

  /** An endpoint that `accepts` bytes (an import file): the file is the body; the answer is parsed as `call`'s. */
  callWithFile<E extends Endpoint>(
    endpoint: E,
    file: Blob,
    ...[input]: CallArgs<E>
  ): Promise<z.output<E['response']>> {
    const { method, path, signal } = requestOf(endpoint, input);
    return this.#request(method, path, endpoint.response as E['response'], file, signal);
  }

  /** A state-changing endpoint that `produces` a file (a contact sheet PDF): the bytes, or the API's failure. */
  callForBlob<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Blob> {
    const { path, body } = requestOf(endpoint, input);
    return this.#blob(path, body);
  }

  /** The address of an endpoint that `produces` bytes, for a link or a browser download (`GET` only). */
  url<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): string {
    return `${BASE}${requestOf(endpoint, input).path}`;
  }

  /** A state-changing call whose answer is a file: the bytes, or the API's failure. */
  async #blob(path: string, body: unknown): Promise<Blob> {
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
    if (!response.ok) throw this.#failure(response.status, await response.json().catch(() => undefined));
    return response.blob();
  }

  /** The API's failure for an error answer, announced first when it is a session timeout. */
  #failure(status: number, payload: unknown): ApiFailure {
    const failure = failureFromAnswer(status, payload);
    if (failure.code === 'session_timeout') for (const listener of this.#timeoutListeners) listener(failure);
    return failure;
  }

  async #request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const bytes = body instanceof Blob;
    if (body !== undefined) headers['Content-Type'] = bytes ? 'application/octet-stream' : 'application/json';
    if (!SAFE.has(method) && this.#csrfToken) headers['X-CSRF-Token'] = this.#csrfToken;
    let response: Response;
    try {
      response = await this.fetcher(`${BASE}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : bytes ? body : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw toFailure(error);
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw this.#failure(response.status, payload);
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new ApiFailure(response.status, 'bad_answer', failureFromAnswer(500, undefined).userMessage);
    return parsed.data;
  }
}

/** The method, path (parameters filled in, query appended) and body of a call to an endpoint. */
function requestOf(endpoint: Endpoint, input: unknown) {
  const given = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const method = endpoint.method.toUpperCase();
  const path = endpointPath(endpoint, given.params) + (given.query ? queryString(given.query) : '');
  return { method, path, body: given.body ?? (method === 'POST' ? {} : undefined), signal: given.signal };
}

/** `?name=value`, a list as the name repeated; undefined values left out. */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const each of Array.isArray(value) ? value : [value])
      if (each !== undefined && each !== null) search.append(name, String(each));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const api = new ApiClient();
