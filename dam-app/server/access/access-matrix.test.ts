import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { API_ROUTES } from '../api/routes.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

/** A concrete URL for a route: `{id}` becomes an id that may or may not exist; the gate answers first. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '999999');

/** Every route, generated from the route table, so a route added later is in the matrix without anyone adding it. */
const ROUTES = API_ROUTES.map((route) => [route.method.toUpperCase(), route.path, route.auth] as const);

describe.each(DATABASE_KINDS)('who may call what on %s', (kind) => {
  let dam: TestDam;
  let user: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    user = await dam.userClient('plain');
    admin = await dam.userClient('chief', { admin: true });
  });
  afterAll(() => dam.close());

  it.each(ROUTES.filter(([, , auth]) => auth !== 'public'))(
    '%s %s refuses anonymous callers with 401',
    async (method, path) => {
      const response = await dam.client().request(method, concrete(path), method === 'GET' ? undefined : {});
      expect(response.status).toBe(401);
      expect(response.body.error.user_message).toBe(MESSAGES.unauthorized);
    },
  );

  it.each(ROUTES.filter(([, , auth]) => auth === 'admin'))(
    '%s %s refuses a signed-in non-administrator with the spec message',
    async (method, path) => {
      const response = await user.request(method, concrete(path), method === 'GET' ? undefined : {});
      expect(response.status).toBe(403);
      expect(response.body.error.user_message).toBe(MESSAGES.notAdministrator);
    },
  );

  it.each(ROUTES.filter(([, , auth]) => auth === 'admin'))(
    '%s %s lets an administrator through the gate',
    async (method, path) => {
      const response = await admin.request(method, concrete(path), method === 'GET' ? undefined : {});
      expect([401, 403]).not.toContain(response.status);
    },
  );
});
