import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const DENIED = WORKFLOW_MESSAGES.permissionDenied('Embargo gate', 'Embargoed until Monday.');

/**
 * R-WORKFLOW-PERMISSION beyond the Standard Download: a Rapid download's transfer spec, and a share's or a portal's
 * file, zip and Rapid spec, are refused by the same Permission workflow, with its text, before anything leaves.
 */
describe.each(DATABASE_KINDS)('Permission workflows on Rapid, share and portal downloads (%s)', (kind) => {
  let dam: TestDam;
  let sam: ApiClient;
  const ids: Record<string, number> = {};
  let shootId: number;

  const raw = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    fetch(`${dam.url}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: dam.url },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const refusal = async (response: Response) => [
    response.status,
    (await response.json()).error?.user_message,
  ];

  beforeAll(async () => {
    dam = await startTestDam(kind, {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    const admin = await dam.userClient('boss', { admin: true });
    const group = await admin.post('/admin/groups', { name: 'Sharers' });
    const acl = await admin.post('/admin/acls', {
      name: 'Lib',
      rootPath: 'Library',
      permissions: ['quickDownload', 'externalShare', 'externalPortal'],
      groupIds: [group.body.id],
    });
    sam = await dam.userClient('sam', { groupNames: ['Sharers'] });
    const root = dam.services.config.storageRoot;
    await mkdir(join(root, 'Library/Shoot'), { recursive: true });
    for (const name of ['open.jpg', 'embargo.jpg']) {
      await writeFile(join(root, 'Library/Shoot', name), `bytes of ${name}`);
      ids[name] = await insertAssetRow(dam.services.db, `Library/Shoot/${name}`);
    }
    shootId = (
      await dam.services.db
        .selectFrom('folders')
        .select('id')
        .where('path', '=', 'Library/Shoot')
        .executeTakeFirstOrThrow()
    ).id;
    const gate = await admin.post('/admin/workflows', {
      name: 'Embargo gate',
      type: 'permission',
      trigger: 'manual',
      properties: { permission: 'download' },
      aclIds: [acl.body.id],
      script: `if (asset.name === 'embargo.jpg') dam.deny('Embargoed until Monday.'); else dam.allow();`,
    });
    expect(gate.status, JSON.stringify(gate.body)).toBe(201);
  }, 60_000);
  afterAll(() => dam.close());

  it('asks before a Rapid download spec is signed: a file, and a folder holding a refused file', async () => {
    const spec = (source: string) =>
      sam.post('/transfers/pre-transfer', {
        workspaceId: 1,
        nodetarget: '/files/download_setup',
        transfer_spec: { paths: [{ source }] },
      });
    const open = await spec('Shoot/open.jpg');
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    for (const source of ['Shoot/embargo.jpg', 'Shoot']) {
      const refused = await spec(source);
      expect([refused.status, refused.body.error.user_message]).toEqual([403, DENIED]);
    }
  });

  it('asks before a share gives its file, its zip or its Rapid spec, as for the sharer’s own download', async () => {
    const share = async (name: string) => {
      const made = await sam.post('/shares', {
        name,
        expiresOn: day(5),
        utcOffsetMinutes: 0,
        maxDownloads: null,
        from: { ids: [ids[name]] },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const token = made.body.link.split('#share=')[1] as string;
      const grant = encodeURIComponent((await (await raw('POST', `/s/${token}/unlock`, {})).json()).grant);
      return { token, grant };
    };
    const open = await share('open.jpg');
    const openFile = await raw('GET', `/s/${open.token}/items/${ids['open.jpg']}/file?grant=${open.grant}`);
    expect(openFile.status).toBe(200);
    expect(await openFile.text()).toBe('bytes of open.jpg');
    const closed = await share('embargo.jpg');
    const fileUrl = `/s/${closed.token}/items/${ids['embargo.jpg']}/file?grant=${closed.grant}`;
    expect(await refusal(await raw('GET', fileUrl))).toEqual([403, DENIED]);
    expect(await refusal(await raw('GET', `/s/${closed.token}/zip?grant=${closed.grant}`))).toEqual([
      403,
      DENIED,
    ]);
    expect(await refusal(await raw('POST', `/s/${closed.token}/rapid?grant=${closed.grant}`))).toEqual([
      403,
      DENIED,
    ]);
    // Nothing was counted for the refused share.
    const counts = await dam.services.db
      .selectFrom('external_shares')
      .select(['name', 'download_count'])
      .orderBy('id')
      .execute();
    expect(counts).toEqual([
      { name: 'open.jpg', download_count: 1 },
      { name: 'embargo.jpg', download_count: 0 },
    ]);
  });

  it('asks before a portal gives an original, a zip or a Rapid spec, as for the owner’s own download', async () => {
    const made = await sam.post('/portals', {
      name: 'Press',
      terms: '',
      expiresOn: day(30),
      utcOffsetMinutes: 0,
      maxDownloads: null,
      folderIds: [shootId],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const link: string = made.body.link;
    const token = link.slice(link.indexOf('#portal=') + '#portal='.length);
    await sam.post(`/portals/${made.body.portal.id}/publish`);
    const grant = encodeURIComponent((await (await raw('POST', `/p/${token}/unlock`, {})).json()).grant);
    const open = await raw('GET', `/p/${token}/items/${ids['open.jpg']}/file?grant=${grant}`);
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('bytes of open.jpg');
    const embargo = ids['embargo.jpg'];
    expect(await refusal(await raw('GET', `/p/${token}/items/${embargo}/file?grant=${grant}`))).toEqual([
      403,
      DENIED,
    ]);
    expect(await refusal(await raw('GET', `/p/${token}/zip?grant=${grant}`))).toEqual([403, DENIED]);
    expect(await refusal(await raw('POST', `/p/${token}/rapid?grant=${grant}&ids=${embargo}`))).toEqual([
      403,
      DENIED,
    ]);
    const open2 = await raw('POST', `/p/${token}/rapid?grant=${grant}&ids=${ids['open.jpg']}`);
    expect(open2.status).toBe(200);
  });
});
