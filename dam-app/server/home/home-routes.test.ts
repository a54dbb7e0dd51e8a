import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_FIRST_VISIT_DAYS } from '../../api/home.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

type Named = { name: string };
const names = (list: { asset: Named }[]) => list.map((each) => each.asset.name);

describe.each(DATABASE_KINDS)('R-HOME: the Home a person acts from, on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let uma: ApiClient; // sees Library/Team
  let rea: ApiClient; // sees Library/Team too, and asks for downloads
  let vic: ApiClient; // sees Library/Other only
  let umaId: number;
  const ids: Record<string, number> = {};

  const ingest = async (client: ApiClient, path: string) => {
    const file = join(dam.services.config.storageRoot, path);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, `content of ${path}`);
    const made = await client.post('/assets/ingest', { path });
    expect(made.status).toBe(200);
    return made.body.asset.id as number;
  };
  /** Time passes: every change and every Home visit so far happened `minutes` earlier. */
  const timePasses = async (minutes: number) => {
    const { db } = dam.services;
    await sql`update assets set updated_at = updated_at - make_interval(mins => ${minutes})`.execute(db);
    await sql`update home_visits set seen_at = seen_at - make_interval(mins => ${minutes}),
      since = since - make_interval(mins => ${minutes})`.execute(db);
  };

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('boss', { admin: true });
    const team = (await admin.post('/admin/groups', { name: 'Team' })).body.id as number;
    uma = await aclUser(dam, 'uma', 'Library/Team');
    rea = await aclUser(dam, 'rea', 'Library/Team', [
      'facet browsing',
      'modifying collections',
      'new assets',
      'file actions',
    ]);
    vic = await aclUser(dam, 'vic', 'Library/Other');
    umaId = (await uma.get('/session')).body.user.id;
    for (const client of [uma, rea]) {
      const id = (await client.get('/session')).body.user.id;
      await admin.put(`/admin/users/${id}`, { groupIds: [team] });
    }
    ids.mine = await ingest(uma, 'Library/Team/mine.txt');
    ids.hers = await ingest(rea, 'Library/Team/hers.txt');
    ids.secret = await ingest(vic, 'Library/Other/secret.txt');
    ids.found = await insertAssetRow(dam.services.db, 'Library/Team/found.bin');
  });
  afterAll(() => dam.close());

  it('lists recent uploads (mine and the library’s) and, on a first visit, the last days’ changes — never an asset one cannot see', async () => {
    const before = Date.now();
    const home = await uma.get('/home');
    expect(home.status).toBe(200);
    expect(names(home.body.recentUploads.mine)).toEqual(['mine.txt']);
    expect(home.body.recentUploads.mine[0]).toMatchObject({ asset: { id: ids.mine }, uploadedBy: 'uma' });
    expect(home.body.recentUploads.library[0].uploadedBy).toBeNull();
    expect(names(home.body.recentUploads.library)).toEqual(['found.bin', 'hers.txt', 'mine.txt']);
    expect(names(home.body.changed)).toEqual(['found.bin', 'hers.txt', 'mine.txt']);
    expect(Date.parse(home.body.since)).toBeLessThan(before - (HOME_FIRST_VISIT_DAYS * 86_400_000 - 60_000));
    // Vic sees his own upload and nothing of the Team's; the Team's people never see his.
    const his = (await vic.get('/home')).body;
    expect(names(his.recentUploads.library)).toEqual(['secret.txt']);
    expect(names(his.changed)).toEqual(['secret.txt']);
    for (const list of [home.body.recentUploads.library, home.body.changed])
      expect(list.map((each: { asset: { id: number } }) => each.asset.id)).not.toContain(ids.secret);
  });

  it('lists what changed since the last visit, keeps it through one visit and moves on at the next', async () => {
    await timePasses(120);
    expect((await rea.put(`/assets/${ids.hers}`, { description: 'Cropped' })).status).toBe(200);
    const back = (await uma.get('/home')).body;
    expect(names(back.changed)).toEqual(['hers.txt']);
    expect(Date.now() - Date.parse(back.since)).toBeGreaterThan(119 * 60_000);
    // A return a few minutes later is the same visit: the list stays.
    await timePasses(5);
    expect(names((await uma.get('/home')).body.changed)).toEqual(['hers.txt']);
    // The next visit, an hour on, starts where the last ended: nothing changed since.
    await timePasses(60);
    expect((await uma.get('/home')).body.changed).toEqual([]);
    // Another person's visits are their own: Rea's first lists the last days' changes, latest first.
    expect(names((await rea.get('/home')).body.changed)).toEqual(['hers.txt', 'found.bin', 'mine.txt']);
  });

  it('lists what waits on the person (their open tasks, the requests they approve) and what was shared with them', async () => {
    const empty = (await uma.get('/home')).body;
    expect(empty.waiting).toEqual([]);
    expect(empty.shared).toEqual([]);
    // A check-out puts "return it" on My Tasks; a request on a folder Uma approves waits on her.
    expect((await uma.post(`/assets/${ids.mine}/checkout`, {})).status).toBe(200);
    const folderId = (await uma.get(`/assets/${ids.hers}`)).body.folderId;
    expect((await admin.put(`/folders/${folderId}/approver`, { userId: umaId })).status).toBe(200);
    const asked = await rea.post('/requests', { assetIds: [ids.hers], reason: 'For the brochure' });
    expect(asked.status).toBe(201);
    // Rea shares a collection with the Team, holding one asset Uma sees.
    const collection = await rea.post('/collections', { name: 'Picks', sharedWithGroupId: null });
    expect(collection.status).toBe(201);
    const team = (await admin.get('/admin/groups')).body.find((group: Named) => group.name === 'Team');
    await rea.put(`/collections/${collection.body.id}`, { name: 'Picks', sharedWithGroupId: team.id });
    await rea.post(`/collections/${collection.body.id}/assets`, { ids: [ids.hers] });

    const home = (await uma.get('/home')).body;
    expect(home.waiting).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'checkout.return', target: { kind: 'asset', id: String(ids.mine) } }),
        expect.objectContaining({
          kind: 'request.decide',
          target: { kind: 'approval', id: String(asked.body.requests[0].id) },
        }),
      ]),
    );
    expect(home.waiting).toHaveLength(2);
    expect(home.shared).toEqual([
      expect.objectContaining({ id: collection.body.id, name: 'Picks', owner: 'rea', assetCount: 1 }),
    ]);
    // Nothing of this waits on Vic or was shared with him; the requestor does not approve her own request.
    const his = (await vic.get('/home')).body;
    expect(his.waiting).toEqual([]);
    expect(his.shared).toEqual([]);
    expect((await rea.get('/home')).body.waiting).toEqual([]);
  });

  it('answers 401 to nobody signed in', async () => {
    expect((await dam.client().get('/home')).status).toBe(401);
  });
});
