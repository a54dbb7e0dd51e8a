import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { parseTransferCookie } from '../../api/transfer-cookie.ts';
import { reconcile } from '../assets/reconcile.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { NodeClient } from '../transfer-node/node-client.ts';
import { pickNode } from './pre-transfer-route.ts';

describe('the pre-transfer handler with the embedded node', () => {
  let dam: TestDam;
  let author: ApiClient;
  let viewer: ApiClient;
  let local: string;
  const engine = new TransferEngine({ retryBaseMs: 50 });
  beforeAll(async () => {
    dam = await startTestDam('pglite', {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    const admin = await dam.userClient('boss', { admin: true });
    const authors = await admin.post('/admin/groups', { name: 'Authors' });
    const viewers = await admin.post('/admin/groups', { name: 'Viewers' });
    await admin.post('/admin/acls', {
      name: 'Marketing',
      rootPath: 'Library/Marketing',
      permissions: ['fileUpload', 'quickDownload'],
      groupIds: [authors.body.id],
    });
    await admin.post('/admin/acls', {
      name: 'Marketing (view)',
      rootPath: 'Library/Marketing',
      permissions: ['facet browsing'],
      groupIds: [viewers.body.id],
    });
    author = await dam.userClient('carlos', { groupNames: ['Authors'] });
    viewer = await dam.userClient('ellen', { groupNames: ['Viewers'] });
    await mkdir(join(dam.services.config.storageRoot, 'Library/Marketing/Launch'), { recursive: true });
    local = await mkdtemp(join(tmpdir(), 'rapid-dam-local-'));
  });
  afterAll(async () => {
    engine.stopAll();
    await dam.close();
    await rm(local, { recursive: true, force: true });
  });

  it('signs an upload into a folder of the ACL; the file lands in storage; a download brings it back', async () => {
    const bytes = randomBytes(300_000);
    await writeFile(join(local, 'poster.png'), bytes);
    const setup = await author.post('/transfers/pre-transfer', {
      workspaceId: 1,
      transferCount: 1,
      destPath: 'Launch',
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: join(local, 'poster.png') }] },
    });
    expect(setup.status).toBe(200);
    const spec = setup.body.transfer_specs[0].transfer_spec;
    expect(spec).toMatchObject({
      direction: 'send',
      target_rate_kbps: 100_000,
      aspera_connect_settings: { xfer_retries: 100 },
      destination_root: '/Library/Marketing/Launch',
      tags: { dam: { user: 'carlos', acl: 'Marketing' } },
    });
    expect(spec.token).toMatch(/^RT1\./);
    expect(parseTransferCookie(spec.cookie)).toMatchObject({
      userName: 'carlos',
      fileCount: 1,
      uploadDirectory: 'Library/Marketing/Launch',
    });
    const uploaded = await engine.start(spec).done();
    expect(uploaded.status).toBe('completed');
    expect(
      await readFile(join(dam.services.config.storageRoot, 'Library/Marketing/Launch/poster.png')),
    ).toEqual(bytes);

    // The page polls the node with NodeCredentials and finds its transfer by the cookie.
    const credentials = await author.post('/transfers/node-credentials', {
      cookie: spec.cookie,
      nodeUrl: dam.services.nodes[0]?.url,
    });
    const node = new NodeClient({
      ...(dam.services.nodes[0] as NonNullable<(typeof dam.services.nodes)[0]>),
      user: '',
      password: '',
    });
    const summary = await node.call('GET', '/ops/transfers?filter=summary', undefined, 15_000, {
      authorization: credentials.body.authorization,
    });
    expect((summary.body as { status: string }[]).map((t) => t.status)).toEqual(['completed']);
    node.close();

    const download = await author.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths: [{ source: 'Launch/poster.png' }] },
    });
    expect(download.status).toBe(200);
    const downSpec = download.body.transfer_specs[0].transfer_spec;
    expect(downSpec.paths).toEqual([{ source: '/Library/Marketing/Launch/poster.png' }]);
    expect(parseTransferCookie(downSpec.cookie)).toMatchObject({ uploadDirectory: '', finalDirectory: '' });
    const target = join(local, 'back');
    await mkdir(target);
    const downloaded = await engine.start({ ...downSpec, destination_root: target }).done();
    expect(downloaded.status).toBe('completed');
    expect(await readFile(join(target, 'poster.png'))).toEqual(bytes);
  });

  it('converts the selected folder id to its path (asperaconvertidtopath), and refuses one the person cannot see', async () => {
    // The folder was made on disk beside the DAM: reconcile indexes it, as it does at start-up.
    await reconcile(dam.services, 'Library/Marketing');
    const tree = await author.get('/folders/tree');
    expect(tree.status).toBe(200);
    const launch = tree.body.folders.find(
      (folder: { path: string }) => folder.path === 'Library/Marketing/Launch',
    );
    const setup = await author.post('/transfers/pre-transfer', {
      destDirId: launch.id,
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: '/tmp/x' }] },
    });
    expect(setup.body.transfer_specs[0].transfer_spec.destination_root).toBe('/Library/Marketing/Launch');
    const standard = await author.post('/transfers/pre-transfer', {
      destDirId: null,
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: '/tmp/x' }] },
    });
    expect(standard.body.transfer_specs[0].transfer_spec.destination_root).toBe('/Library/Marketing');
    const unknown = await author.post('/transfers/pre-transfer', {
      destDirId: 999_999,
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: '/tmp/x' }] },
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses uploads and downloads the ACL does not permit', async () => {
    const upload = await viewer.post('/transfers/pre-transfer', {
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: '/tmp/x' }] },
    });
    expect(upload.status).toBe(403);
    expect(upload.body.error.user_message).toBe(MESSAGES.noPermission);
    const download = await viewer.post('/transfers/pre-transfer', {
      nodetarget: '/files/download_setup',
      transfer_spec: { paths: [{ source: 'Launch/poster.png' }] },
    });
    expect(download.status).toBe(403);
  });

  it('keeps every path inside the ACL root', async () => {
    const leading = await author.post('/transfers/pre-transfer', {
      destPath: '/Launch',
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: '/tmp/x' }] },
    });
    expect(leading.body.transfer_specs[0].transfer_spec.destination_root).toBe('/Library/Marketing/Launch');
    for (const destPath of ['../../etc', '../Marketing2', 'Launch/../../..'])
      expect(
        (
          await author.post('/transfers/pre-transfer', {
            destPath,
            nodetarget: '/files/upload_setup',
            transfer_spec: { paths: [{ source: '/tmp/x' }] },
          })
        ).status,
      ).toBe(404);
    for (const source of [
      '../Secret/plan.pdf',
      '/Library/Other/a.jpg',
      '/Library/Marketing2/a.jpg',
      '/etc/passwd',
    ])
      expect(
        (
          await author.post('/transfers/pre-transfer', {
            nodetarget: '/files/download_setup',
            transfer_spec: { paths: [{ source }] },
          })
        ).status,
      ).toBe(404);
  });

  it('tells a person with no ACL to contact the administrator', async () => {
    const loner = await dam.userClient('nobody-acl');
    const response = await loner.post('/transfers/pre-transfer', {
      nodetarget: '/files/upload_setup',
      transfer_spec: { paths: [{ source: '/tmp/x' }] },
    });
    expect(response.status).toBe(403);
  });

  it('picks one of the nodes at random', () => {
    const nodes = ['a', 'b', 'c'].map((name) => ({ url: `https://${name}`, user: 'u', password: 'p' }));
    expect(pickNode(nodes, () => 0)?.url).toBe('https://a');
    expect(pickNode(nodes, () => 0.99)?.url).toBe('https://c');
    expect(pickNode([], () => 0.5)).toBeUndefined();
  });
});
