import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../../api/contract/define-endpoint.ts';
import { MESSAGES } from '../../../api/messages.ts';
import { ApiClient } from './api-client.ts';
import { ApiFailure, failureFromAnswer, NETWORK_CODE, toFailure } from './api-failure.ts';

describe('failureFromAnswer', () => {
  it('takes the code, user_message, fields and details of the API error shape', () => {
    const failure = failureFromAnswer(409, {
      error: {
        code: 'acl_root_missing',
        message: 'dev text',
        user_message: MESSAGES.aclRootMissing,
        fields: { rootPath: 'x' },
        details: { alternatives: [{ id: 2, name: 'Public' }] },
      },
    });
    expect(failure).toMatchObject({
      status: 409,
      code: 'acl_root_missing',
      userMessage: MESSAGES.aclRootMissing,
      fields: { rootPath: 'x' },
      details: { alternatives: [{ id: 2, name: 'Public' }] },
    });
  });

  it('turns any other body into "Operation failed on server."', () => {
    expect(failureFromAnswer(502, '<html>Bad gateway</html>')).toMatchObject({
      status: 502,
      code: 'server_error',
      userMessage: MESSAGES.operationFailed,
      fields: {},
    });
    expect(failureFromAnswer(500, undefined).code).toBe('server_error');
  });

  it('calls a thrown fetch a network failure', () => {
    expect(toFailure(new TypeError('Failed to fetch')).code).toBe(NETWORK_CODE);
    const same = new ApiFailure(400, 'x', 'y');
    expect(toFailure(same)).toBe(same);
  });
});

describe('ApiClient against a real HTTP server', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; url?: string; csrf?: string | string[]; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, csrf: request.headers['x-csrf-token'], body });
        response.setHeader('Content-Type', 'application/json');
        if (request.url?.split('?')[0]?.startsWith('/api/v1/ok')) response.end(JSON.stringify({ ok: true }));
        else if (request.url === '/api/v1/bad-shape') response.end(JSON.stringify({ ok: 'yes' }));
        else {
          response.statusCode = 401;
          response.end(
            JSON.stringify({
              error: { code: 'session_timeout', message: 'm', user_message: MESSAGES.sessionTimedOut },
            }),
          );
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () => new ApiClient((input, init) => fetch(`${base}${String(input)}`, init));
  const ok = z.object({ ok: z.literal(true) });
  const endpoint = (method: 'get' | 'post', path: string) =>
    defineEndpoint({ method, path, tag: 'Test', summary: path, auth: 'user', response: ok });
  const getOk = endpoint('get', '/ok');
  const postOk = defineEndpoint({
    method: 'post',
    path: '/ok',
    tag: 'Test',
    summary: 'Post',
    auth: 'user',
    body: z.strictObject({ a: z.number() }),
    response: ok,
  });
  const blobAt = (path: string) =>
    defineEndpoint({
      method: 'post',
      path,
      tag: 'Test',
      summary: path,
      auth: 'user',
      body: z.strictObject({ ids: z.array(z.number()) }),
      response: z.unknown(),
      produces: 'application/pdf',
    });

  it('parses answers with the schema, and sends the CSRF token on state-changing calls only', async () => {
    const api = client();
    api.csrfToken = 'tok';
    expect(await api.call(getOk)).toEqual({ ok: true });
    expect(await api.call(postOk, { body: { a: 1 } })).toEqual({ ok: true });
    expect(seen.at(-2)).toMatchObject({ method: 'GET', csrf: undefined });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', csrf: 'tok', body: '{"a":1}' });
  });

  it('refuses an answer that does not match the schema', async () => {
    await expect(client().call(endpoint('get', '/bad-shape'))).rejects.toMatchObject({ code: 'bad_answer' });
  });

  it('announces session_timeout to its listeners and throws it', async () => {
    const api = client();
    const heard: string[] = [];
    api.onSessionTimeout((failure) => heard.push(failure.userMessage));
    await expect(api.call(endpoint('get', '/elsewhere'))).rejects.toMatchObject({ code: 'session_timeout' });
    expect(heard).toEqual([MESSAGES.sessionTimedOut]);
  });

  it('answers a file as bytes, with the CSRF token sent, and a failure as an ApiFailure', async () => {
    const api = client();
    api.csrfToken = 'tok';
    const blob = await api.callForBlob(blobAt('/ok'), { body: { ids: [1] } });
    expect(await blob.text()).toBe('{"ok":true}');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', csrf: 'tok', body: '{"ids":[1]}' });
    await expect(api.callForBlob(blobAt('/elsewhere'), { body: { ids: [] } })).rejects.toMatchObject({
      code: 'session_timeout',
    });
  });

  it('calls an endpoint of the contract: its method, its path filled in, its query and body, its answer parsed', async () => {
    const rename = defineEndpoint({
      method: 'put',
      path: '/ok/things/{id}',
      tag: 'Test',
      summary: 'Rename a thing',
      auth: 'user',
      params: z.object({ id: z.coerce.number() }),
      body: z.strictObject({ name: z.string() }),
      response: ok,
    });
    const list = defineEndpoint({
      method: 'get',
      path: '/ok',
      tag: 'Test',
      summary: 'List',
      auth: 'user',
      query: z.object({ q: z.string().optional(), tag: z.array(z.string()).optional() }),
      response: ok,
    });
    const api = client();
    api.csrfToken = 'tok';
    const answer: { ok: true } = await api.call(rename, { params: { id: 'a/b' }, body: { name: 'N' } });
    expect(answer).toEqual({ ok: true });
    expect(seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/ok/things/a%2Fb',
      csrf: 'tok',
      body: '{"name":"N"}',
    });
    await api.call(list, { query: { q: 'a b', tag: ['x', 'y'] } });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/ok?q=a+b&tag=x&tag=y', body: '' });
    await expect(api.call(rename, { params: { id: 1 }, body: { name: 'N' } })).resolves.toEqual({ ok: true });
    expect(api.url(list, { query: { q: 'x' } })).toBe('/api/v1/ok?q=x');
    const pdf = defineEndpoint({
      method: 'post',
      path: '/ok/sheet',
      tag: 'Test',
      summary: 'A sheet',
      auth: 'user',
      body: z.strictObject({ ids: z.array(z.number()) }),
      response: z.unknown(),
      produces: 'application/pdf',
    });
    expect(await (await api.callForBlob(pdf, { body: { ids: [2] } })).text()).toBe('{"ok":true}');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/ok/sheet',
      csrf: 'tok',
      body: '{"ids":[2]}',
    });
    const typeChecks = () => [
      // @ts-expect-error: the path parameter is required
      api.call(rename, { body: { name: 'N' } }),
      // @ts-expect-error: the path names {id}, not {thing}
      api.call(rename, { params: { thing: 1 }, body: { name: 'N' } }),
      // @ts-expect-error: the body's schema has no field "title"
      api.call(rename, { params: { id: 1 }, body: { title: 'N' } }),
      // @ts-expect-error: this endpoint takes no body
      api.call(list, { body: {} }),
    ];
    expect(typeChecks).toBeTypeOf('function');
  });

  it('calls an unreachable server a network failure', async () => {
    const api = new ApiClient((input, init) => fetch(`http://127.0.0.1:1${String(input)}`, init));
    await expect(api.call(getOk)).rejects.toMatchObject({ code: NETWORK_CODE });
  });
});
