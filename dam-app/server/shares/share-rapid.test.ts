import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import {
  dayFromToday,
  type RapidDownloadDam,
  startRapidDownloadDam,
} from '../test-support/rapid-download-dam.ts';
import { DATABASE_KINDS, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('a share downloaded with Rapid (%s)', (kind) => {
  let rapid: RapidDownloadDam;
  let dam: TestDam;
  let sam: ApiClient;
  const ids: number[] = [];
  const bytes = [randomBytes(120_000), randomBytes(30_000)];

  beforeAll(async () => {
    rapid = await startRapidDownloadDam(kind);
    dam = rapid.dam;
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
  }, 60_000);
  afterAll(() => rapid.close());

  it('signs a spec for the share files only, and counts when the node completed them all, once', async () => {
    const made = await sam.post('/shares', {
      name: 'Rapid kit',
      expiresOn: dayFromToday(5),
      utcOffsetMinutes: 0,
      maxDownloads: 2,
      from: { ids },
    });
    const token = made.body.link.split('#share=')[1] as string;
    const grant = encodeURIComponent(
      (await (await rapid.visitorPost(`/s/${token}/unlock`, { accept: true })).json()).grant as string,
    );
    expect((await rapid.visitorPost(`/s/${token}/rapid`)).status).toBe(403);
    const setup = await rapid.visitorPost(`/s/${token}/rapid?grant=${grant}`);
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
    const early = await rapid.visitorPost(`/s/${token}/rapid/done?grant=${grant}`, { cookie: spec.cookie });
    expect(early.status).toBe(409);
    expect(await count()).toBe(0);
    // A widened spec: the node's token names the share's files, nothing else.
    const widened = await rapid.engine
      .start({ ...spec, paths: [{ source: '/Library/Shoot/other.jpg' }], destination_root: rapid.local })
      .done();
    expect(widened.status).not.toBe('completed');

    const done = await rapid.engine.start({ ...spec, destination_root: rapid.local }).done();
    expect(done.status).toBe('completed');
    expect(await readFile(join(rapid.local, 'pic0.jpg'))).toEqual(bytes[0]);
    // Said twice at once (a page retrying while its first word is on the way): one transfer counts once, though the
    // share has a download left for a second.
    const reports = await Promise.all(
      [1, 2].map(() => rapid.visitorPost(`/s/${token}/rapid/done?grant=${grant}`, { cookie: spec.cookie })),
    );
    const answers = await Promise.all(reports.map(async (each) => [each.status, await each.json()]));
    expect(answers.filter(([status, body]) => status === 200 && body.counted)).toHaveLength(1);
    expect(await count()).toBe(1);
    // Said again later: the transfer has been counted; nothing open answers to its cookie.
    const again = await rapid.visitorPost(`/s/${token}/rapid/done?grant=${grant}`, { cookie: spec.cookie });
    expect(again.status).toBe(404);
    expect(await count()).toBe(1);
    const listed = await sam.get('/shares');
    expect(listed.body.items[0].downloads).toMatchObject([{ method: 'rapid', counted: true }]);
  }, 60_000);
});
