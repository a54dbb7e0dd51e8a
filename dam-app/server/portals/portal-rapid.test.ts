import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import {
  dayFromToday,
  type RapidDownloadDam,
  startRapidDownloadDam,
} from '../test-support/rapid-download-dam.ts';
import { DATABASE_KINDS, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('a portal downloaded with Rapid (%s)', (kind) => {
  let rapid: RapidDownloadDam;
  let dam: TestDam;
  let pia: ApiClient;
  const ids: Record<string, number> = {};
  const bytes: Record<string, Buffer> = {
    'Library/Shoot/a.jpg': randomBytes(120_000),
    'Library/Shoot/b.jpg': randomBytes(30_000),
    'Library/Picks/c.jpg': randomBytes(10_000),
  };

  beforeAll(async () => {
    rapid = await startRapidDownloadDam(kind);
    dam = rapid.dam;
    const admin = await dam.userClient('boss', { admin: true });
    const group = await admin.post('/admin/groups', { name: 'Publishers' });
    await admin.post('/admin/acls', {
      name: 'Lib',
      rootPath: 'Library',
      permissions: ['quickDownload', 'externalPortal', 'modifying collections'],
      groupIds: [group.body.id],
    });
    pia = await dam.userClient('pia', { groupNames: ['Publishers'] });
    const root = dam.services.config.storageRoot;
    for (const folder of ['Library/Shoot', 'Library/Picks', 'Library/Other'])
      await mkdir(join(root, folder), { recursive: true });
    for (const [path, content] of Object.entries(bytes)) {
      await writeFile(join(root, path), content);
      ids[path] = await insertAssetRow(dam.services.db, path);
    }
    await writeFile(join(root, 'Library/Other/other.jpg'), 'not in the portal');
    await insertAssetRow(dam.services.db, 'Library/Other/other.jpg');
  }, 60_000);
  afterAll(() => rapid.close());

  const count = async () =>
    (await dam.services.db.selectFrom('portals').select('download_count').executeTakeFirstOrThrow())
      .download_count;
  const sources = (spec: { paths: { source: string }[] }) => spec.paths.map((each) => each.source).sort();

  it('signs a spec for the chosen or all of its originals only, and counts each completed transfer once, up to its maximum', async () => {
    const collection = await pia.post('/collections', { name: 'Picks' });
    await pia.post(`/collections/${collection.body.id}/assets`, { ids: [ids['Library/Picks/c.jpg']] });
    const shoot = await dam.services.db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Library/Shoot')
      .executeTakeFirstOrThrow();
    const made = await pia.post('/portals', {
      name: 'Rapid press',
      description: '',
      terms: 'Editorial use only.',
      expiresOn: dayFromToday(5),
      utcOffsetMinutes: 0,
      maxDownloads: 2,
      collectionIds: [collection.body.id],
      folderIds: [shoot.id],
    });
    await pia.post(`/portals/${made.body.portal.id}/publish`);
    const token = made.body.link.split('#portal=')[1] as string;
    // The terms come before any download.
    const seen = encodeURIComponent((await (await rapid.visitorPost(`/p/${token}/unlock`, {})).json()).grant);
    expect((await rapid.visitorPost(`/p/${token}/rapid?grant=${seen}`)).status).toBe(403);
    const grant = encodeURIComponent(
      (await (await rapid.visitorPost(`/p/${token}/unlock`, { accept: true })).json()).grant,
    );
    const specOf = async (query = '') => {
      const answer = await rapid.visitorPost(`/p/${token}/rapid?grant=${grant}${query}`);
      expect(answer.status).toBe(200);
      return (await answer.json()).transfer_specs[0].transfer_spec;
    };
    const all = await specOf();
    expect(sources(all)).toEqual(['/Library/Picks/c.jpg', '/Library/Shoot/a.jpg', '/Library/Shoot/b.jpg']);
    const onlyA = await specOf(`&ids=${ids['Library/Shoot/a.jpg']}`);
    expect(sources(onlyA)).toEqual(['/Library/Shoot/a.jpg']);
    const onlyB = await specOf(`&ids=${ids['Library/Shoot/b.jpg']}`);
    const done = (spec: { cookie: string }) =>
      rapid.visitorPost(`/p/${token}/rapid/done?grant=${grant}`, { cookie: spec.cookie });

    // The page's word before the node finished counts nothing; a widened spec is refused by the node.
    expect((await done(all)).status).toBe(409);
    expect(await count()).toBe(0);
    const widened = await rapid.engine
      .start({ ...onlyA, paths: [{ source: '/Library/Other/other.jpg' }], destination_root: rapid.local })
      .done();
    expect(widened.status).not.toBe('completed');

    expect((await rapid.engine.start({ ...all, destination_root: rapid.local }).done()).status).toBe(
      'completed',
    );
    expect(await readFile(join(rapid.local, 'c.jpg'))).toEqual(bytes['Library/Picks/c.jpg']);
    // The same transfer reported twice at once counts once.
    const twice = await Promise.all([done(all), done(all)]);
    const bodies = await Promise.all(twice.map((answer) => answer.json()));
    expect(bodies.filter((body) => body.counted === true)).toHaveLength(1);
    expect(await count()).toBe(1);

    // Two transfers complete and report at once for the last download: one is counted.
    for (const spec of [onlyA, onlyB])
      expect((await rapid.engine.start({ ...spec, destination_root: rapid.local }).done()).status).toBe(
        'completed',
      );
    const last = await Promise.all([done(onlyA), done(onlyB)]);
    expect(
      (await Promise.all(last.map((answer) => answer.json()))).map((body) => body.counted).sort(),
    ).toEqual([false, true]);
    expect(await count()).toBe(2);
    const exhausted = await rapid.visitorPost(`/p/${token}/rapid?grant=${grant}`);
    expect(exhausted.status).toBe(410);
    expect((await exhausted.json()).error.user_message).toBe(ASSET_MESSAGES.downloadMaximumReached);

    const log = await pia.get(`/portals/${made.body.portal.id}/downloads`);
    expect(log.body.items).toHaveLength(3);
    expect(log.body.items.every((row: { method: string }) => row.method === 'rapid')).toBe(true);
    expect(log.body.items.filter((row: { counted: boolean }) => row.counted)).toHaveLength(2);
    expect(log.body.items.every((row: { completedAt: string | null }) => row.completedAt !== null)).toBe(
      true,
    );
  }, 90_000);
});
