import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { RANGE_FROM_AFTER_TO } from '../../api/search.ts';
import { keywordVector } from '../assets/asset-queries.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('search on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let viewer: ApiClient;

  async function asset(path: string, fields: Record<string, unknown> = {}) {
    const { db } = dam.services;
    const folderId = await ensureFolderRow(db, path.slice(0, path.lastIndexOf('/')));
    const name = (fields.name as string) ?? path.slice(path.lastIndexOf('/') + 1);
    const keywords = (fields.keywords as string[]) ?? [];
    const row = await db
      .insertInto('assets')
      .values({
        folder_id: folderId,
        path,
        name,
        file_name: path.slice(path.lastIndexOf('/') + 1),
        description: (fields.description as string) ?? '',
        file_type: (fields.fileType as string) ?? 'JPEG',
        mime_type: 'image/jpeg',
        kind: (fields.kind as 'image') ?? 'image',
        size: (fields.size as number) ?? 1000,
        content_hash: path,
        width: 400,
        height: 300,
        aspect_ratio: (fields.aspectRatio as string) ?? '4:3',
        color_profile: 'sRGB',
        date_created: (fields.dateCreated as Date) ?? new Date('2020-06-01T00:00:00Z'),
        keywords,
        keyword_search: keywordVector(keywords),
        rendition_state: 'done',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (fields.dateAdded)
      await db
        .updateTable('assets')
        .set({ date_added: fields.dateAdded as Date } as never)
        .where('id', '=', row.id)
        .execute();
    return row.id;
  }
  const search = (client: ApiClient, body: object) => client.post('/search', body);
  const names = (response: { body: { items: { name: string }[] } }) =>
    response.body.items.map((item) => item.name).sort();

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing', ['file actions']);
    viewer = await aclUser(dam, 'vic', 'Library', ['facet browsing']);
    await asset('Library/Trips/sunset.jpg', { name: 'Sunset over the bay', keywords: ['beach', 'evening'] });
    await asset('Library/Trips/noon.jpg', {
      name: 'Noon',
      keywords: ['beach', 'sunshine'],
      aspectRatio: '16:9',
    });
    await asset('Library/Trips/night.jpg', { name: 'Night sky', description: 'Stars above the dunes' });
    await asset('Library/Marketing/flyer.pdf', {
      name: 'Summer flyer',
      kind: 'pdf',
      fileType: 'PDF',
      size: 50_000,
      aspectRatio: '1:1',
      keywords: ['sunshine'],
      dateCreated: new Date('2024-02-10T00:00:00Z'),
    });
    await asset('Library/Marketing/clip.mp4', {
      name: '100% real',
      kind: 'video',
      fileType: 'MP4',
      size: 900_000,
      aspectRatio: '16:9',
      dateAdded: new Date(Date.now() - 20 * DAY),
    });
  });
  afterAll(() => dam.close());

  it('quick search matches word prefixes in names, descriptions and keywords, inside the ACL root', async () => {
    expect(names(await search(carla, { q: 'sun' }))).toEqual(['Noon', 'Summer flyer', 'Sunset over the bay']);
    expect(names(await search(carla, { q: 'STARS dune' }))).toEqual(['Night sky']);
    expect(names(await search(carla, { q: 'beach sunset' }))).toEqual(['Sunset over the bay']);
    expect(names(await search(mo, { q: 'sun' }))).toEqual(['Summer flyer']);
    expect(names(await search(carla, { q: "sun' & !(" }))).toEqual([
      'Noon',
      'Summer flyer',
      'Sunset over the bay',
    ]);
    const empty = await search(carla, { q: '!!! ***' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.user_message).toBe(ASSET_MESSAGES.searchEmpty);
  });

  it('keyword search needs every keyword', async () => {
    expect(names(await search(carla, { keywords: ['beach'] }))).toEqual(['Noon', 'Sunset over the bay']);
    expect(names(await search(carla, { keywords: ['beach', 'sunshine'] }))).toEqual(['Noon']);
  });

  it('advanced search: field conditions, wildcards taken literally, ranges', async () => {
    expect(names(await search(carla, { conditions: [{ field: 'size', op: 'gt', value: 10_000 }] }))).toEqual([
      '100% real',
      'Summer flyer',
    ]);
    expect(
      names(await search(carla, { conditions: [{ field: 'name', op: 'contains', value: '%' }] })),
    ).toEqual(['100% real']);
    expect(
      names(await search(carla, { conditions: [{ field: 'keyword', op: 'startsWith', value: 'even' }] })),
    ).toEqual(['Sunset over the bay']);
    expect(
      names(
        await search(carla, {
          conditions: [{ field: 'dateCreated', op: 'between', value: '2024-01-01', to: '2024-12-31' }],
        }),
      ),
    ).toEqual(['Summer flyer']);
    const backwards = await search(carla, {
      conditions: [{ field: 'size', op: 'between', value: 10, to: 5 }],
    });
    expect(backwards.body.error.user_message).toBe(RANGE_FROM_AFTER_TO);
    const badRange = await search(carla, {
      date: { from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' },
    });
    expect(badRange.body.error.user_message).toBe(RANGE_FROM_AFTER_TO);
  });

  it('date options and aspect ratios', async () => {
    const recent = await search(carla, { date: { field: 'dateAdded', lastDays: 5 } });
    expect(names(recent)).toEqual(['Night sky', 'Noon', 'Summer flyer', 'Sunset over the bay']);
    const month = await search(carla, { date: { field: 'dateAdded', range: 'lastMonth' } });
    expect(names(month)).toHaveLength(5);
    expect(names(await search(carla, { aspectRatios: ['16:9'] }))).toEqual(['100% real', 'Noon']);
    expect(names(await search(carla, { aspectRatios: ['1:1', '16:9'] }))).toHaveLength(3);
  });

  it('counts facets, and refining keeps the other values of the same facet', async () => {
    const all = (await search(carla, {})).body;
    expect(all.total).toBe(5);
    expect(all.facets.kind).toEqual([
      { value: 'image', count: 3 },
      { value: 'pdf', count: 1 },
      { value: 'video', count: 1 },
    ]);
    expect(all.facets.keyword).toEqual(
      expect.arrayContaining([
        { value: 'beach', count: 2 },
        { value: 'sunshine', count: 2 },
      ]),
    );
    const refined = (await search(carla, { refine: { kind: ['image'] } })).body;
    expect(refined.total).toBe(3);
    expect(refined.facets.kind).toHaveLength(3);
    expect(refined.facets.aspectRatio).toEqual([
      { value: '4:3', count: 2 },
      { value: '16:9', count: 1 },
    ]);
    expect((await search(carla, { refine: { kind: ['image'], aspectRatio: ['16:9'] } })).body.total).toBe(1);
    const folderId = (await carla.get('/folders/tree')).body.folders.find(
      (f: { path: string }) => f.path === 'Library/Trips',
    ).id;
    expect((await search(carla, { folderId })).body.total).toBe(3);
    expect((await search(mo, { folderId })).status).toBe(404);
    // The folder views ask for a folder's own assets only: the ACL root holds none itself, its subfolders do.
    const tree = (await carla.get('/folders/tree')).body;
    expect((await search(carla, { folderId, folderOnly: true })).body.total).toBe(3);
    expect((await search(carla, { folderId: tree.root.id })).body.total).toBeGreaterThan(3);
    expect((await search(carla, { folderId: tree.root.id, folderOnly: true })).body.total).toBe(0);
  });

  it('gives the calendar view its buckets, weeks starting on Sunday', async () => {
    const days = (await carla.post('/search/calendar', { search: {}, field: 'dateCreated' })).body.buckets;
    expect(days).toEqual([
      { start: '2020-06-01', count: 4 },
      { start: '2024-02-10', count: 1 },
    ]);
    // 2024-02-10 is a Saturday: its week began on Sunday 2024-02-04. 2020-06-01 is a Monday: week of 05-31.
    const weeks = (await carla.post('/search/calendar', { search: {}, unit: 'week' })).body.buckets;
    expect(weeks).toEqual([
      { start: '2020-05-31', count: 4 },
      { start: '2024-02-04', count: 1 },
    ]);
    const months = (await mo.post('/search/calendar', { search: {}, unit: 'month' })).body.buckets;
    expect(months).toEqual([
      { start: '2020-06-01', count: 1 },
      { start: '2024-02-01', count: 1 },
    ]);
  });

  it('counts facets only for a user with the facet browsing permission', async () => {
    const denied = (await search(mo, {})).body;
    expect(denied.facets).toBeNull();
    expect(denied.total).toBe(2);
    expect(denied.items).toHaveLength(2);
    expect((await search(viewer, {})).body.facets.kind).toHaveLength(3);
  });

  it('skips the counts a plain result list does not need', async () => {
    const plain = (await search(carla, { q: 'sun', withFacets: false, withTotal: false })).body;
    expect(plain).toMatchObject({ total: null, facets: null });
    expect(plain.items).toHaveLength(3);
  });

  it('sorts by a listed field, removes an unsupported one, and pages by keyset', async () => {
    const sorted = (await search(carla, { sort: { field: 'name', direction: 'asc' } })).body;
    expect(sorted.items.map((i: { name: string }) => i.name)).toEqual([
      '100% real',
      'Night sky',
      'Noon',
      'Summer flyer',
      'Sunset over the bay',
    ]);
    expect(sorted.notices).toEqual([]);
    const unsupported = (await search(carla, { sort: { field: 'password_hash', direction: 'asc' } })).body;
    expect(unsupported.notices).toEqual([ASSET_MESSAGES.unsupportedSortRemoved]);
    expect(unsupported.sort).toEqual({ field: 'dateAdded', direction: 'desc' });

    for (const sort of [
      { field: 'size', direction: 'desc' },
      { field: 'dateAdded', direction: 'asc' },
      { field: 'name', direction: 'desc' },
    ]) {
      const whole = (await search(carla, { sort, limit: 50 })).body.items.map((i: { id: number }) => i.id);
      const paged: number[] = [];
      let after: string | undefined;
      do {
        const page = (await search(carla, { sort, limit: 2, ...(after ? { after } : {}) })).body;
        paged.push(...page.items.map((i: { id: number }) => i.id));
        after = page.nextCursor ?? undefined;
      } while (after);
      expect(paged).toEqual(whole);
    }
  });

  it('keeps saved searches (name, description, public) and global keywords behind their permission', async () => {
    const saved = await carla.post('/saved-searches', {
      name: 'Beaches',
      description: 'Everything at the sea',
      public: true,
      query: { keywords: ['beach'] },
    });
    expect(saved.status).toBe(201);
    await carla.post('/saved-searches', { name: 'Mine only', query: { q: 'night' } });
    expect((await carla.post('/saved-searches', { name: 'beaches', query: {} })).status).toBe(409);
    const seen = (await viewer.get('/saved-searches')).body.map((s: { name: string }) => s.name);
    expect(seen).toEqual(['Beaches']);
    expect((await viewer.delete(`/saved-searches/${saved.body.id}`)).status).toBe(404);

    const keywords = (await carla.get('/keywords')).body.keywords;
    expect(keywords).toContainEqual({ keyword: 'beach', count: 2 });
    expect((await viewer.get('/keywords')).status).toBe(403);
  });
});
