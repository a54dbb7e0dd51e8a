import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTransferCookie } from '../../api/transfer-cookie.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { NodeClient } from '../transfer-node/node-client.ts';

const cookieOf = (userName: string) =>
  formatTransferCookie({
    userName,
    uploadTime: String(Date.now()),
    fileCount: 1,
    uploadDirectory: 'Library',
    finalDirectory: 'Library',
    completedPaths: [],
  });

describe('NodeCredentials', () => {
  let dam: TestDam;
  let ada: ApiClient;
  let nodeUrl: string;
  beforeAll(async () => {
    dam = await startTestDam('pglite', {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    ada = await dam.userClient('ada');
    nodeUrl = dam.services.nodes[0]?.url ?? '';
  });
  afterAll(() => dam.close());

  it('gives the page a credential that reads this transfer’s records and nothing else', async () => {
    const cookie = cookieOf('ada');
    const answer = await ada.post('/transfers/node-credentials', { cookie, nodeUrl });
    expect(answer.status).toBe(200);
    expect(answer.body.nodeUrl).toBe(nodeUrl);
    expect(answer.body.authorization).toMatch(/^Bearer RO1\./);
    expect(JSON.stringify(answer.body)).not.toContain(dam.services.nodes[0]?.password);
    const expires = Date.parse(answer.body.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(500_000);
    expect(expires).toBeLessThanOrEqual(600_000);

    // Use it as the page would: the list answers, anything else is refused.
    const node = dam.services.nodes[0] as NonNullable<(typeof dam.services.nodes)[0]>;
    const asPage = new NodeClient({ ...node, user: '', password: '' });
    const headers = { authorization: answer.body.authorization };
    const list = await callWith(asPage, 'GET', '/ops/transfers?filter=summary', headers);
    expect(list).toEqual({ status: 200, body: [] });
    expect((await callWith(asPage, 'GET', '/info', headers)).status).toBe(403);
    asPage.close();
  });

  it('refuses a cookie of another user, and nodes that are not the DAM’s', async () => {
    expect((await ada.post('/transfers/node-credentials', { cookie: cookieOf('bob'), nodeUrl })).status).toBe(
      404,
    );
    expect((await ada.post('/transfers/node-credentials', { cookie: 'garbage', nodeUrl })).status).toBe(404);
    const elsewhere = await ada.post('/transfers/node-credentials', {
      cookie: cookieOf('ada'),
      nodeUrl: 'https://evil.example',
    });
    expect(elsewhere.status).toBe(404);
  });
});

/** A node call with the page's own Authorization header instead of the node user's. */
async function callWith(client: NodeClient, method: string, path: string, headers: Record<string, string>) {
  return client.call(method, path, undefined, 15_000, headers);
}
