import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTransferCookie } from '../../api/transfer-cookie.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';

const cookieOf = (userName: string) =>
  formatTransferCookie({
    userName,
    uploadTime: String(Date.now()),
    fileCount: 1,
    uploadDirectory: 'Library',
    finalDirectory: 'Library',
    completedPaths: [],
  });

describe('the node read relay (the embedded node’s certificate is one only the DAM trusts)', () => {
  let dam: TestDam;
  let ada: ApiClient;
  beforeAll(async () => {
    dam = await startTestDam('pglite', {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    ada = await dam.userClient('ada');
  });
  afterAll(() => dam.close());

  it('points the page at the relay, which reads with the page’s credential and nothing more', async () => {
    const nodeUrl = dam.services.nodes[0]?.url ?? '';
    const credentials = await ada.post('/transfers/node-credentials', { cookie: cookieOf('ada'), nodeUrl });
    expect(credentials.body).toMatchObject({
      readUrl: '/api/v1/transfers/nodes/0',
      readHeader: 'X-Node-Authorization',
    });
    const header = { 'X-Node-Authorization': credentials.body.authorization };
    const list = await ada.request(
      'GET',
      '/transfers/nodes/0/ops/transfers?filter=summary',
      undefined,
      header,
    );
    expect(list).toMatchObject({ status: 200, body: [] });
    // A transfer of another cookie does not exist for this credential.
    expect(
      (await ada.request('GET', '/transfers/nodes/0/ops/transfers/nope', undefined, header)).status,
    ).toBe(404);
    // Without it, or with anything but a read credential, the relay forwards nothing.
    expect((await ada.get('/transfers/nodes/0/ops/transfers')).status).toBe(401);
    const forged = { 'X-Node-Authorization': 'Basic ZGFtOnNlY3JldA==' };
    expect((await ada.request('GET', '/transfers/nodes/0/ops/transfers', undefined, forged)).status).toBe(
      401,
    );
    const garbage = { 'X-Node-Authorization': 'Bearer RO1.garbage' };
    expect((await ada.request('GET', '/transfers/nodes/0/ops/transfers', undefined, garbage)).status).toBe(
      401,
    );
    expect((await ada.request('GET', '/transfers/nodes/7/ops/transfers', undefined, header)).status).toBe(
      404,
    );
  });
});
