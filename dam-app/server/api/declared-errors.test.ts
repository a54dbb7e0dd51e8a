import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTransferCookie } from '../../api/transfer-cookie.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import {
  DATABASE_KINDS,
  freePort,
  startTestDam,
  TEST_PASSWORD,
  type TestDam,
} from '../test-support/test-dam.ts';

interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
}
type Answer = { status: number; body: { error?: { code?: string } } };

/**
 * The OpenAPI document lists, per endpoint, the error answers beyond the common ones: the statuses the server
 * answers when an invitation is gone (410) or a node or the mail server fails (502) must be among them, with their
 * codes, or a client written from the document does not expect them.
 */
describe.each(DATABASE_KINDS)('the error answers the contract declares, on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let rita: ApiClient;
  let document: OpenApi;
  let nodeOrigin: string;

  /** The answer is what the test expects, and the document declares its status and code for the endpoint. */
  function expectDeclared(method: string, path: string, answer: Answer, status: number, code: string) {
    expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status, code });
    const declared =
      document.paths[path]?.[method]?.responses[String(status)]?.description ?? '(not declared)';
    expect(declared, `${method.toUpperCase()} ${path} answers ${status} ${code}`).toContain(code);
  }

  beforeAll(async () => {
    // A node nothing listens on: every call the server makes to it fails.
    nodeOrigin = `http://127.0.0.1:${await freePort()}`;
    dam = await startTestDam(kind, { DAM_NODES: nodeOrigin.replace('//', '//dam:secret@') });
    admin = await dam.userClient('boss', { admin: true });
    rita = await aclUser(dam, 'rita', 'Library', ['fileUpload']);
    document = (await (await fetch(`${dam.url}/api/v1/openapi.json`)).json()) as OpenApi;
  });
  afterAll(() => dam.close());

  it('declares 410 where an invitation that is no longer open is named', async () => {
    const invitation = await admin.post('/admin/invitations', { email: 'guest@dam.example' });
    expect(invitation.status).toBe(201);
    const id = invitation.body.id as string;
    expect((await admin.delete(`/admin/invitations/${id}`)).status).toBe(200);

    expectDeclared(
      'delete',
      '/admin/invitations/{id}',
      await admin.delete(`/admin/invitations/${id}`),
      410,
      'invitation_done',
    );
    const visitor = dam.client();
    expectDeclared(
      'get',
      '/invitations/{id}',
      await visitor.get(`/invitations/${id}`),
      410,
      'invitation_done',
    );
    const accept = await visitor.post(`/invitations/${id}/accept`, {
      username: 'guest',
      profile: { email: 'guest@dam.example', firstName: 'Gail', lastName: 'Guest' },
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
    });
    expectDeclared('post', '/invitations/{id}/accept', accept, 410, 'invitation_done');
  });

  it('declares 502 where the transfer node cannot be reached', async () => {
    const upload = {
      destPath: '',
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: '/home/rita/a.jpg' }] },
    };
    expectDeclared(
      'post',
      '/transfers/pre-transfer',
      await rita.post('/transfers/pre-transfer', upload),
      502,
      'node_unreachable',
    );

    const cookie = formatTransferCookie({
      userName: 'rita',
      uploadTime: String(Date.now()),
      fileCount: 1,
      uploadDirectory: 'Library',
      finalDirectory: 'Library',
      completedPaths: [],
    });
    const credentials = await rita.post('/transfers/node-credentials', { cookie, nodeUrl: nodeOrigin });
    expectDeclared('post', '/transfers/node-credentials', credentials, 502, 'node_unreachable');

    const read = { 'X-Node-Authorization': 'Bearer RO1.token' };
    const list = await rita.request('GET', '/transfers/nodes/0/ops/transfers', undefined, read);
    expectDeclared('get', '/transfers/nodes/{node}/ops/transfers', list, 502, 'node_unreachable');
    const one = await rita.request('GET', '/transfers/nodes/0/ops/transfers/t1', undefined, read);
    expectDeclared('get', '/transfers/nodes/{node}/ops/transfers/{id}', one, 502, 'node_unreachable');
  });

  it('declares 502 where an invitation cannot be mailed', async () => {
    await dam.mail.close();
    const invitation = await admin.post('/admin/invitations', { email: 'late@dam.example' });
    expectDeclared('post', '/admin/invitations', invitation, 502, 'invitation_not_sent');
  });
});
