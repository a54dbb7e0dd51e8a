import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../api/contract/define-endpoint.ts';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { createApiRouter, MAX_BODY_BYTES } from './api-router.ts';
import { bindEndpoint } from './bind-endpoint.ts';

describe.each(DATABASE_KINDS)('the API on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
  });
  afterAll(() => dam.close());

  it('reports its health and database', async () => {
    const response = await dam.client().get('/health');
    expect(response.body).toEqual({ ok: true, database: kind, version: expect.any(String) });
    // The version is the package's, not a number written into the code that stays behind at the next release.
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(response.body.version).toBe(version);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers malformed JSON with 400 and the reason', async () => {
    const response = await dam.client().post('/session', '{"username": "ada", ');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('malformed_json');
    expect(response.body.error.message).toMatch(/^Malformed JSON: /);
  });

  it('answers an empty body with 400', async () => {
    expect((await dam.client().post('/session', '')).body.error.code).toBe('malformed_json');
  });

  it('refuses bodies over the limit with 413, before reading them whole', async () => {
    const response = await dam
      .client()
      .post('/session', { username: 'x'.repeat(MAX_BODY_BYTES), password: 'y' });
    expect(response.status).toBe(413);
    expect(response.body.error.user_message).toBe(MESSAGES.tooLarge);
  });

  it("answers a value the database refuses as the caller's fault with 400, as a last line of defence", async () => {
    // Values a schema should have kept out, sent straight to the database by a route without one.
    const refused: Record<string, (db: TestDam['services']['db']) => Promise<unknown>> = {
      nul: (db) => sql`select ${'a\u0000b'}::text as x`.execute(db), // 22021
      integer: (db) => sql`select ${'2147483648'}::integer as x`.execute(db), // 22003
      syntax: (db) => sql`select ${'1.5'}::integer as x`.execute(db), // 22P02
      date: (db) => sql`select ${'300000-01-01'}::timestamptz as x`.execute(db), // 22008
      dateFormat: (db) => sql`select ${'not a date'}::timestamptz as x`.execute(db), // 22007
      other: (db) => sql`select 1 / 0 as x`.execute(db), // 22012: the server's own fault
    };
    const probe = defineEndpoint({
      method: 'get',
      path: '/probe/{kind}',
      tag: 'Test',
      summary: 'Sends a refused value to the database',
      auth: 'public',
      params: z.object({ kind: z.enum(['nul', 'integer', 'syntax', 'date', 'dateFormat', 'other']) }),
      response: z.unknown(),
    });
    const route = bindEndpoint(probe, async ({ services, params }) => {
      await refused[params.kind]?.(services.db);
      return {};
    });
    const router = createApiRouter(dam.services, [route]);
    for (const kind of ['nul', 'integer', 'syntax', 'date', 'dateFormat']) {
      const response = await router.request(`/probe/${kind}`);
      expect(response.status, kind).toBe(400);
      expect(((await response.json()) as { error: { user_message: string } }).error.user_message).toBe(
        MESSAGES.badRequest,
      );
    }
    // Division by zero is the server's own fault: still a 500.
    expect((await router.request('/probe/other')).status).toBe(500);
  });

  it('answers unknown endpoints with the error object', async () => {
    const response = await dam.client().get('/no/such/thing');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('no_such_endpoint');
  });

  it('serves an OpenAPI document generated from the schemas, and its reference page', async () => {
    const document = await (await fetch(`${dam.url}/api/v1/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/session');
    expect(document.paths['/session'].post.requestBody.content['application/json'].schema).toBeDefined();
    expect(document.components.schemas).toHaveProperty('Session');
    expect(document.components.schemas).toHaveProperty('ApiError');
    // An endpoint of the contract documents the error codes it declares.
    const rename = document.paths['/carts/{id}'].put;
    expect(rename.summary).toBe('Rename a cart');
    expect(rename.responses['409'].description).toContain('cart_exists');
    expect(rename.responses['404'].description).toContain('not_found');
    const page = await fetch(`${dam.url}/api/docs`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<code>/api/v1/admin/users/{id}</code>');
    expect(html).not.toContain('<script');
    // Page developers find the SDK's reference and guides from here (issue 33).
    expect(html).toContain('<a href="/sdk/docs/">');
  });
});
