import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('a share downloaded with Rapid (%s)', (kind) => {
  let dam: TestDam;
  let sam: ApiClient;
  let local: string;
  const ids: number[] = [];
  const bytes = [randomBytes(120_000), randomBytes(30_000)];
  const engine = new TransferEngine({ retryBaseMs: 50 });

  beforeAll(async () => {
    dam = await startTestDam(kind, {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    const admin = await dam.userClient('boss', { admin: true });
    const group = await admin.post('/admin/groups', { name: 'Sharers' });
    await admin.post('/admin/acls', {
      name: 'Lib',
      rootPath: 'Library',
      permissions: ['quickDownload', 'externalShare'],
      groupIds: [group.body.id],
    });
    sam = await dam.userClient('sam', { groupNames: ['Sharers'] });
    const root = dam.services.config.storageRoot;
    await mkdir(join(root, 'Library/Shoot'), { recursive: true });
    for (const [index, content] of bytes.entries()) {
      const path = `Library/Shoot/pic${index}.jpg`;
      await writeFile(join(root, path), content);
      ids.push(await insertAssetRow(dam.services.db, path));
    }
    await writeFile(join(root, 'Library/Shoot/other.jpg'), 'not shared');
    local = await mkdtemp(join(tmpdir(), 'rapid-share-'));
  }, 60_000);
  afterAll(async () => {
    engine.stopAll();
    await dam.close();
    await rm(local, { recursive: true, force: true });
  });

  const raw = (path: string, body?: unknown) =>
    fetch(`${dam.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: dam.url },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('signs a spec for the share files only, and counts when the node completed them all, once', async () => {
    const made = await sam.post('/shares', {
      name: 'Rapid kit',
      expiresOn: day(5),
      utcOffsetMinutes: 0,
      maxDownloads: 2,
      from: { ids },
    });
    const token = made.body.link.split('#share=')[1] as string;
    const grant = encodeURIComponent(
      (await (await raw(`/s/${token}/unlock`, { accept: true })).json()).grant as string,
    );
    expect((await raw(`/s/${token}/rapid`)).status).toBe(403);
    const setup = await raw(`/s/${token}/rapid?grant=${grant}`);
    expect(setup.status).toBe(200);
    const spec = (await setup.json()).transfer_specs[0].transfer_spec;
    expect(spec.paths.map((each: { source: string }) => each.source).sort()).toEqual([
      '/Library/Shoot/pic0.jpg',
      '/Library/Shoot/pic1.jpg',
    ]);
    const count = async () =>
      (await dam.services.db.selectFrom('external_shares').select('download_count').executeTakeFirstOrThrow())
        .download_count;
    // The page's word before the node finished counts nothing.
    const early = await raw(`/s/${token}/rapid/done?grant=${grant}`, { cookie: spec.cookie });
    expect(early.status).toBe(409);
    expect(await count()).toBe(0);
    // A widened spec: the node's token names the share's files, nothing else.
    const widened = await engine
      .start({ ...spec, paths: [{ source: '/Library/Shoot/other.jpg' }], destination_root: local })
      .done();
    expect(widened.status).not.toBe('completed');

    const done = await engine.start({ ...spec, destination_root: local }).done();
    expect(done.status).toBe('completed');
    expect(await readFile(join(local, 'pic0.jpg'))).toEqual(bytes[0]);
    // Said twice at once (a page retrying while its first word is on the way): one transfer counts once, though the
    // share has a download left for a second.
    const reports = await Promise.all(
      [1, 2].map(() => raw(`/s/${token}/rapid/done?grant=${grant}`, { cookie: spec.cookie })),
    );
    const answers = await Promise.all(reports.map(async (each) => [each.status, await each.json()]));
    expect(answers.filter(([status, body]) => status === 200 && body.counted)).toHaveLength(1);
    expect(await count()).toBe(1);
    // Said again later: the transfer has been counted; nothing open answers to its cookie.
    const again = await raw(`/s/${token}/rapid/done?grant=${grant}`, { cookie: spec.cookie });
    expect(again.status).toBe(404);
    expect(await count()).toBe(1);
    const listed = await sam.get('/shares');
    expect(listed.body.items[0].downloads).toMatchObject([{ method: 'rapid', counted: true }]);
  }, 60_000);
});
