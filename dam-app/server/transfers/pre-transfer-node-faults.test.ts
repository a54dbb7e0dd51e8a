import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { formatTransferCookie } from '../../api/transfer-cookie.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { freePort, startTestDam, type TestDam } from '../test-support/test-dam.ts';

type Answer = { status: number; body: string };

/**
 * Test double for a misbehaving site node: a real HTTP server whose answer to `*_setup` each test chooses. The real
 * node never answers garbage, so only a double can stand for one that does.
 */
async function startNodeDouble(): Promise<{
  url: string;
  next: (answer: Answer) => void;
  server: Server;
  asked: { count: number };
}> {
  const asked = { count: 0 };
  let answer: Answer = { status: 500, body: '' };
  const server = createServer((request, response) => {
    asked.count++;
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://dam:secret@127.0.0.1:${port}`, next: (value) => (answer = value), server, asked };
}

describe('the pre-transfer handler when the node misbehaves (R-NODE-FAULTS)', () => {
  let dam: TestDam;
  let deadDam: TestDam;
  let halfDeadDam: TestDam;
  let carlos: ApiClient;
  let double: Awaited<ReturnType<typeof startNodeDouble>>;
  const upload = {
    destPath: '',
    nodetarget: '/files/upload_setup',
    transfer_spec: { paths: [{ source: '/home/carlos/a.jpg' }] },
  };

  beforeAll(async () => {
    double = await startNodeDouble();
    dam = await startTestDam('pglite', { DAM_NODES: double.url });
    deadDam = await startTestDam('pglite', { DAM_NODES: `http://dam:secret@127.0.0.1:${await freePort()}` });
    // Two nodes, the first one killed: nothing listens on its port any more.
    halfDeadDam = await startTestDam('pglite', {
      DAM_NODES: `http://dam:secret@127.0.0.1:${await freePort()},${double.url}`,
    });
    for (const each of [dam, deadDam, halfDeadDam]) {
      const admin = await each.userClient('boss', { admin: true });
      const group = await admin.post('/admin/groups', { name: 'Authors' });
      await admin.post('/admin/acls', {
        name: 'Library',
        rootPath: 'Library',
        permissions: ['fileUpload', 'quickDownload'],
        groupIds: [group.body.id],
      });
    }
    carlos = await dam.userClient('carlos', { groupNames: ['Authors'] });
  });
  afterAll(async () => {
    await dam.close();
    await deadDam.close();
    await halfDeadDam.close();
    await new Promise((resolve) => double.server.close(resolve));
  });

  const sessions = async () =>
    (await dam.services.db.selectFrom('upload_sessions').select('cookie').execute()).length;

  it.each([
    ['refuses the DAM’s credentials (401)', { status: 401, body: '{"error":"no"}' }, 502, 'node_credentials'],
    ['answers garbage', { status: 200, body: '<html>proxy error' }, 502, 'node_error'],
    [
      'answers an empty transfer_specs list',
      { status: 200, body: '{"transfer_specs":[]}' },
      502,
      'node_error',
    ],
    ['answers an entry without a spec', { status: 200, body: '{"transfer_specs":[{}]}' }, 502, 'node_error'],
    [
      'answers a spec that is not a transfer spec',
      {
        status: 200,
        body: '{"transfer_specs":[{"transfer_spec":{"remote_host":42,"direction":"sideways"}}]}',
      },
      502,
      'node_error',
    ],
    ['fails (500)', { status: 500, body: '' }, 502, 'node_error'],
  ])('a node that %s gets a clear error and records no upload', async (_name, answer, status, code) => {
    double.next(answer);
    const before = await sessions();
    const result = await carlos.post('/transfers/pre-transfer', upload);
    expect(result.status).toBe(status);
    expect(result.body.error).toMatchObject({ code, user_message: MESSAGES.operationFailed });
    expect(await sessions()).toBe(before);
  });

  it('passes on the node’s own 404 for a path it does not have', async () => {
    double.next({
      status: 200,
      body: JSON.stringify({ transfer_specs: [{ error: { code: 404, user_message: 'Library/Gone' } }] }),
    });
    const result = await carlos.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths: [{ source: 'Gone/x.jpg' }] },
    });
    expect(result.status).toBe(404);
  });

  it.each([
    ['answers a token that is not one', { status: 201, body: '{"token":42,"expires_at":"soon"}' }],
    ['answers garbage', { status: 201, body: '<html>proxy error' }],
    ['answers a token without its expiry', { status: 201, body: '{"token":"Bearer RO1.x"}' }],
  ])('a node that %s when asked for NodeCredentials gets a clear error', async (_name, answer) => {
    double.next(answer);
    const cookie = formatTransferCookie({
      userName: 'carlos',
      uploadTime: String(Date.now()),
      fileCount: 1,
      uploadDirectory: 'Library',
      finalDirectory: 'Library',
      completedPaths: [],
    });
    const nodeUrl = dam.services.nodes[0]?.url ?? '';
    const result = await carlos.post('/transfers/node-credentials', { cookie, nodeUrl });
    expect(result.status).toBe(502);
    expect(result.body.error).toMatchObject({ code: 'node_error', user_message: MESSAGES.operationFailed });
  });

  it('says the node cannot be reached when nothing listens there', async () => {
    const stranded = await deadDam.userClient('rita', { groupNames: ['Authors'] });
    const result = await stranded.post('/transfers/pre-transfer', upload);
    expect(result.status).toBe(502);
    expect(result.body.error).toMatchObject({
      code: 'node_unreachable',
      user_message: MESSAGES.operationFailed,
    });
  });

  it('sends every transfer to the live node when the other is down (R-NODE-PICK)', async () => {
    const rita = await halfDeadDam.userClient('rita', { groupNames: ['Authors'] });
    double.next({ status: 500, body: '' });
    const before = double.asked.count;
    const codes: string[] = [];
    for (let round = 0; round < 8; round++)
      codes.push((await rita.post('/transfers/pre-transfer', upload)).body.error?.code);
    // The double answers 500 (node_error): each transfer reached it; none stopped at the dead node.
    expect(codes).toEqual(Array(8).fill('node_error'));
    expect(double.asked.count - before).toBe(8);
  });
});
