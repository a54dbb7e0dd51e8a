import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const MISSING = 424242;

/** Each kind of thing a request names answers a 404 in its own words, so a person knows what is missing. */
const CASES: [string, 'admin' | 'user', string, string, unknown, string][] = [
  ['a user', 'admin', 'get', `/admin/users/${MISSING}`, undefined, MESSAGES.userNotFound],
  ['a user to change', 'admin', 'put', `/admin/users/${MISSING}`, { isAdmin: false }, MESSAGES.userNotFound],
  ['a group', 'admin', 'put', `/admin/groups/${MISSING}`, { name: 'x' }, MESSAGES.groupNotFound],
  ['an ACL', 'admin', 'delete', `/admin/acls/${MISSING}`, undefined, MESSAGES.aclNotFound],
  ['a cart', 'user', 'get', `/carts/${MISSING}/assets`, undefined, MESSAGES.cartNotFound],
  ['a collection', 'user', 'get', `/collections/${MISSING}/assets`, undefined, MESSAGES.collectionNotFound],
  ['a loading dock', 'user', 'get', '/loading-dock/no-such-dock', undefined, MESSAGES.loadingDockNotFound],
  ['a transfer node', 'user', 'get', '/transfers/nodes/999/ops/transfers', undefined, MESSAGES.nodeNotFound],
  ['a folder', 'user', 'get', `/folders/${MISSING}`, undefined, MESSAGES.folderNotFound],
  ['a saved search', 'user', 'delete', `/saved-searches/${MISSING}`, undefined, MESSAGES.savedSearchNotFound],
  ['an API key', 'user', 'delete', `/api-keys/${MISSING}`, undefined, MESSAGES.apiKeyNotFound],
  ['an asset', 'user', 'get', `/assets/${MISSING}`, undefined, MESSAGES.notFound],
  ['an endpoint', 'user', 'get', '/no/such/endpoint', undefined, MESSAGES.endpointNotFound],
];

describe.each(DATABASE_KINDS)('not-found texts on %s', (kind) => {
  let dam: TestDam;
  const clients: Record<'admin' | 'user', ApiClient> = {} as Record<'admin' | 'user', ApiClient>;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    clients.admin = await dam.userClient('nfadmin', { admin: true });
    clients.user = await aclUser(dam, 'nfuser', 'nf');
  });
  afterAll(() => dam.close());

  it.each(CASES)('names %s that is not there', async (_, who, method, path, body, text) => {
    const answer = await clients[who].request(method.toUpperCase(), path, body);
    expect(answer.status).toBe(404);
    expect(answer.body.error.user_message).toBe(text);
  });

  it("keeps the spec's asset text for assets only", () => {
    expect(MESSAGES.notFound).toBe('Asset not found or no permission.');
    expect(CASES.filter(([, , , , , text]) => text === MESSAGES.notFound).map(([what]) => what)).toEqual([
      'an asset',
    ]);
  });
});
