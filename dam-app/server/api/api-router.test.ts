import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { MAX_BODY_BYTES } from './api-router.ts';

describe.each(DATABASE_KINDS)('the API on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
  });
  afterAll(() => dam.close());

  it('reports its health and database', async () => {
    const response = await dam.client().get('/health');
    expect(response.body).toEqual({ ok: true, database: kind, version: expect.any(String) });
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
    const page = await fetch(`${dam.url}/api/docs`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<code>/api/v1/admin/users/{id}</code>');
    expect(html).not.toContain('<script');
    // Page developers find the SDK's reference and guides from here (issue 33).
    expect(html).toContain('<a href="/sdk/docs/">');
  });
});
