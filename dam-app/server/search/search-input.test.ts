import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const cursor = (json: string) => Buffer.from(json, 'utf8').toString('base64url');

/** Search input the database cannot compare with its columns is the caller's mistake: 400, never 500. */
describe.each(DATABASE_KINDS)('search input on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
  });
  afterAll(() => dam.close());

  it.each([
    ['a fractional width', { conditions: [{ field: 'width', op: 'gt', value: 1.5 }] }],
    ['a width past integer', { conditions: [{ field: 'height', op: 'lt', value: 2 ** 31 }] }],
    ['a huge size', { conditions: [{ field: 'size', op: 'gt', value: 1e308 }] }],
    ['a size as text', { conditions: [{ field: 'size', op: 'equals', value: '1e400' }] }],
    ['a range end past integer', { conditions: [{ field: 'width', op: 'between', value: 1, to: 2 ** 31 }] }],
    ['a date no column holds', { conditions: [{ field: 'dateCreated', op: 'gt', value: '+275760-09-13' }] }],
    ['a date past year 9999', { date: { from: '9999-12-31T23:59:59.999-14:00' } }],
    ['a folder id past integer', { folderId: 2 ** 31 }],
    ['NUL in the words', { q: 'a\u0000b' }],
    ['a lone surrogate in a keyword', { keywords: ['\ud800'] }],
    ['a crafted date cursor', { after: cursor('["99999-01-01 00:00:00+00",1]') }],
    ['a crafted size cursor', { sort: { field: 'size' }, after: cursor('["abc",1]') }],
    ['a crafted id cursor', { sort: { field: 'id' }, after: cursor('["2147483648",2147483648]') }],
  ])('refuses %s with 400', async (_, search) => {
    // Only the result list pages; the calendar, a bulk edit and a saved search take the cursor as text.
    const paged = 'after' in search;
    for (const [path, body] of [
      ['/search', search],
      ...(paged
        ? []
        : ([
            ['/search/calendar', { search }],
            ['/assets/bulk-edit', { search, set: { description: 'x' } }],
            ['/saved-searches', { name: 'Mine', query: search }],
          ] as const)),
    ] as const) {
      const response = await carla.post(path, body);
      expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(400);
    }
  });

  it('refuses a bulk edit whose search is not a search with 400', async () => {
    const response = await carla.post('/assets/bulk-edit', { search: { conditions: 'x' }, set: {} });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty('search.conditions');
  });

  it('still takes the whole ranges the columns hold', async () => {
    for (const search of [
      { conditions: [{ field: 'width', op: 'between', value: 0, to: 2 ** 31 - 1 }] },
      { conditions: [{ field: 'size', op: 'gt', value: '1024' }] },
      { conditions: [{ field: 'dateAdded', op: 'between', value: '0001-01-01', to: '9999-12-31' }] },
      { date: { from: '2020-01-01T00:00:00+02:00', to: '9999-12-31T23:59:59Z' } },
    ])
      expect((await carla.post('/search', search)).status, JSON.stringify(search)).toBe(200);
  });
});
