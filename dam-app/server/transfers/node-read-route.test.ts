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

  it('points the page at the relay, which reads with the page’s credential in Authorization and nothing more', async () => {
    const nodeUrl = dam.services.nodes[0]?.url ?? '';
    const credentials = await ada.post('/transfers/node-credentials', { cookie: cookieOf('ada'), nodeUrl });
    // R-NODE-READ: node calls carry the credential in Authorization, through the relay as at the node itself.
    expect(credentials.body).toMatchObject({
      readUrl: '/api/v1/transfers/nodes/0',
      readHeader: 'Authorization',
    });
    const header = { Authorization: credentials.body.authorization };
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
    const forged = { Authorization: 'Basic ZGFtOnNlY3JldA==' };
    expect((await ada.request('GET', '/transfers/nodes/0/ops/transfers', undefined, forged)).status).toBe(
      401,
    );
    const garbage = { Authorization: 'Bearer RO1.garbage' };
    expect((await ada.request('GET', '/transfers/nodes/0/ops/transfers', undefined, garbage)).status).toBe(
      401,
    );
    expect((await ada.request('GET', '/transfers/nodes/7/ops/transfers', undefined, header)).status).toBe(
      404,
    );
  });

  it('stays read-only: a write through the relay reaches no node, whatever the credential', async () => {
    const nodeUrl = dam.services.nodes[0]?.url ?? '';
    const credentials = await ada.post('/transfers/node-credentials', { cookie: cookieOf('ada'), nodeUrl });
    const header = { Authorization: credentials.body.authorization };
    const before = await ada.request('GET', '/transfers/nodes/0/ops/transfers', undefined, header);
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      for (const path of [
        '/transfers/nodes/0/ops/transfers',
        '/transfers/nodes/0/ops/transfers/any',
        '/transfers/nodes/0/files/upload_setup',
        '/transfers/nodes/0/rapid/ops_read_token',
      ]) {
        const write = await ada.request(method, path, { transfer_requests: [] }, header);
        expect([404, 405]).toContain(write.status);
      }
    // Nothing reached the node: it still lists exactly what it listed.
    expect(await ada.request('GET', '/transfers/nodes/0/ops/transfers', undefined, header)).toMatchObject({
      status: 200,
      body: before.body,
    });
    // And the credential itself is a read credential at the node: it cannot start a transfer there.
    const node = new NodeClient({
      ...(dam.services.nodes[0] as NonNullable<(typeof dam.services.nodes)[0]>),
      user: '',
      password: '',
    });
    try {
      const direct = await node.call(
        'POST',
        '/files/download_setup',
        { transfer_requests: [{ transfer_request: { paths: [{ source: '/x' }] } }] },
        15_000,
        { authorization: credentials.body.authorization },
      );
      expect([401, 403]).toContain(direct.status);
    } finally {
      node.close();
    }
  });
});
