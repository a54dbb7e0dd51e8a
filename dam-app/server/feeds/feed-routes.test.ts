import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_NOT_YET } from '../../api/feeds.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const run = promisify(execFile);
const READER = join(import.meta.dirname, '../test-support/read-feed.py');

interface ReaderView {
  status: number;
  bozo: boolean;
  bozo_exception: string;
  version: string;
  etag: string | null;
  modified: string | null;
  subtitle?: string;
  entries: {
    id: string;
    title: string;
    link: string;
    summary?: string;
    tags: string[];
    enclosures: string[];
  }[];
}

/** What a real feed reader (Debian's python3-feedparser, under Debian's python3) makes of the URL. */
async function readWithFeedparser(url: string, etag?: string, modified?: string): Promise<ReaderView> {
  const { stdout } = await run('/usr/bin/python3', [READER, url, etag ?? '', modified ?? '']);
  return JSON.parse(stdout) as ReaderView;
}

describe.each(DATABASE_KINDS)('feeds on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let libraryId: number;
  let marketingId: number;

  const file = (path: string) => join(dam.services.config.storageRoot, path);
  const ingest = async (path: string) => {
    await sampleJpeg(file(path));
    const response = await carla.post('/assets/ingest', { path });
    expect(response.status).toBe(200);
    const id = response.body.asset.id as number;
    // The thumbnail job changes what the feed says (its enclosure): a reader's first read waits for it.
    await eventually(
      async () => (await carla.get(`/assets/${id}`)).body.renditionState !== 'pending',
      60_000,
    );
    return id;
  };
  const feedPath = (url: string) => new URL(url).pathname.replace('/api/v1', '');
  const create = (client: ApiClient, body: object) =>
    client.post('/feeds', { type: 'rss', events: ['new_file', 'file_changes', 'metadata'], ...body });

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing');
    libraryId = (await carla.get('/folders/tree')).body.root.id;
    marketingId = (await mo.get('/folders/tree')).body.root.id;
  });
  afterAll(() => dam.close());

  it.each(['rss', 'atom'] as const)(
    '%s: feedparser reads it with no bozo flag, sees an upload and a metadata edit, and gets 304 on a repeat',
    async (type) => {
      const made = await create(carla, {
        name: `Library ${type}`,
        description: 'New & changed pictures of the Library',
        type,
        source: { kind: 'folder', id: libraryId },
      });
      expect(made.status).toBe(201);
      const url = made.body.url.replace(dam.services.config.publicUrl, dam.url);

      const id = await ingest(`Library/${type}/first.jpg`);
      const first = await readWithFeedparser(url);
      expect(first).toMatchObject({ status: 200, bozo: false, version: type === 'rss' ? 'rss20' : 'atom10' });
      expect(first.subtitle).toBe('New & changed pictures of the Library');
      const arrival = first.entries.find((entry) => entry.id === `urn:rapid-dam:asset:${id}:new_file`);
      expect(arrival?.title).toBe('New file: first.jpg');
      expect(arrival?.link).toBe(`${dam.services.config.publicUrl}/#/asset/${id}`);

      const repeat = await readWithFeedparser(url, first.etag ?? undefined);
      expect(repeat.status).toBe(304);
      expect(repeat.entries).toEqual([]);

      // Metadata a person typed, with every character XML gives a meaning to, and one XML cannot hold at all.
      const description = `<b>Tom & Jerry's</b> "cut" ]]> \u0001done`;
      const edit = await carla.put(`/assets/${id}`, { description, keywords: ['<kw>&'] });
      expect(edit.status).toBe(200);
      const after = await readWithFeedparser(url, first.etag ?? undefined);
      expect(after).toMatchObject({ status: 200, bozo: false });
      const edited = after.entries.find((entry) =>
        entry.id.startsWith(`urn:rapid-dam:asset:${id}:metadata:`),
      );
      expect(edited?.title).toBe('Metadata edited: first.jpg');
      expect(edited?.summary).toBe(description.replace('\u0001', ''));
      expect(edited?.tags).toEqual(['<kw>&']);
      // The arrival keeps its id: a reader does not show it twice.
      expect(after.entries.filter((entry) => entry.id === arrival?.id)).toHaveLength(1);

      const list = (await carla.get('/feeds')).body as {
        name: string;
        lastStatus: number;
        lastFetchedAt: string;
      }[];
      const mine = list.find((feed) => feed.name === `Library ${type}`);
      expect(mine?.lastStatus).toBe(200);
      expect(mine?.lastFetchedAt).not.toBeNull();
    },
  );

  it('a checked-in version is an item of its own, beside the arrival', async () => {
    const made = await create(carla, { name: 'Versions', source: { kind: 'folder', id: libraryId } });
    const id = await ingest('Library/Versions/poster.jpg');
    expect((await carla.post(`/assets/${id}/checkout`)).status).toBeLessThan(300);
    const checkedIn = await carla.post(`/assets/${id}/checkin`, { category: 'Peer', comment: 'Retouched' });
    expect(checkedIn.status).toBe(201);
    const number = checkedIn.body.version as number;
    const view = await readWithFeedparser(made.body.url.replace(dam.services.config.publicUrl, dam.url));
    expect(view.bozo).toBe(false);
    const ids = view.entries.map((entry) => entry.id);
    expect(ids).toContain(`urn:rapid-dam:asset:${id}:new_file`);
    const item = view.entries.find(
      (entry) => entry.id === `urn:rapid-dam:asset:${id}:file_changes:${number}`,
    );
    expect(item?.title).toBe(`New version ${number}: poster.jpg`);
  });

  it('a metadata-only check-in is its version and its metadata edit, each once', async () => {
    const made = await create(carla, { name: 'Check-ins', source: { kind: 'folder', id: libraryId } });
    const id = await ingest('Library/CheckIns/sky.jpg');
    expect((await carla.post(`/assets/${id}/checkout`)).status).toBeLessThan(300);
    const checkedIn = await carla.post(`/assets/${id}/checkin`, {
      comment: 'Caption fixed',
      metadata: { description: 'Sky over the harbour', keywords: ['sky'] },
    });
    expect(checkedIn.status).toBe(201);
    const number = checkedIn.body.version as number;
    const view = await readWithFeedparser(made.body.url.replace(dam.services.config.publicUrl, dam.url));
    expect(view.bozo).toBe(false);
    const mine = view.entries.filter((entry) => entry.id.startsWith(`urn:rapid-dam:asset:${id}:`));
    expect(mine.map((entry) => entry.title).sort()).toEqual([
      'Metadata edited: sky.jpg',
      'New file: sky.jpg',
      `New version ${number}: sky.jpg`,
    ]);
    const edited = mine.find((entry) => entry.title === 'Metadata edited: sky.jpg');
    expect(edited?.summary).toBe('Sky over the harbour');
    expect(edited?.tags).toEqual(['sky']);
  });

  it('tells a reader that sends only If-Modified-Since that an asset left the feed', async () => {
    const kept = await ingest('Library/Leaving/kept.jpg');
    const leaving = await ingest('Library/Leaving/leaving.jpg');
    const collection = await carla.post('/collections', { name: 'Leaving' });
    await carla.post(`/collections/${collection.body.id}/assets`, { ids: [kept, leaving] });
    const made = await create(carla, {
      name: 'Leaving',
      source: { kind: 'collection', id: collection.body.id },
    });
    const url = made.body.url.replace(dam.services.config.publicUrl, dam.url);
    const first = await readWithFeedparser(url);
    expect(first.entries).toHaveLength(2);
    expect(first.modified).toBeTruthy();
    const repeat = await readWithFeedparser(url, undefined, first.modified ?? undefined);
    expect(repeat.status).toBe(304);
    await carla.post(`/collections/${collection.body.id}/assets/remove`, { ids: [leaving] });
    const after = await readWithFeedparser(url, undefined, first.modified ?? undefined);
    expect(after.status).toBe(200);
    expect(after.entries.map((entry) => entry.id)).toEqual([`urn:rapid-dam:asset:${kept}:new_file`]);
    expect(Date.parse(after.modified ?? '')).toBeGreaterThan(Date.parse(first.modified ?? ''));
    // Nothing changed since: the new date holds.
    expect((await readWithFeedparser(url, undefined, after.modified ?? undefined)).status).toBe(304);
  });

  it('shows the files of one upload as one item', async () => {
    const made = await create(carla, { name: 'Uploads', source: { kind: 'folder', id: libraryId } });
    const paths = ['Library/Batch/b-one.jpg', 'Library/Batch/a-two.jpg', 'Library/Batch/c-three.jpg'];
    const ids = [];
    for (const path of paths) ids.push(await ingest(path));
    // What the upload flow records as the node reports each file complete, before the ingest (transfers/).
    const { db } = dam.services;
    const carlaId = (
      await db.selectFrom('users').select('id').where('username', '=', 'carla').executeTakeFirstOrThrow()
    ).id;
    const cookie = `carla,${Date.now()},3,Library/Batch,Library/Batch`;
    const before = new Date(Date.now() - 60_000);
    await db
      .insertInto('upload_sessions')
      .values({
        cookie,
        user_id: carlaId,
        node_url: 'http://127.0.0.1:1',
        destination: 'Library/Batch',
        file_count: 3,
      })
      .execute();
    await db
      .insertInto('upload_files')
      .values(paths.map((path) => ({ cookie, path, transfer_id: 't1', created_at: before })) as never)
      .execute();
    const view = await readWithFeedparser(made.body.url.replace(dam.services.config.publicUrl, dam.url));
    expect(view.bozo).toBe(false);
    const batch = view.entries.filter((entry) => entry.id.startsWith('urn:rapid-dam:upload:'));
    expect(batch.map((entry) => entry.title)).toEqual(['3 new files: a-two.jpg, b-one.jpg, c-three.jpg']);
    expect(batch[0]?.id).not.toContain('carla');
    for (const id of ids)
      expect(view.entries.map((entry) => entry.id)).not.toContain(`urn:rapid-dam:asset:${id}:new_file`);
  });

  it('answers If-Modified-Since with 304 and records it as the last status', async () => {
    const made = await create(carla, { name: 'Since', source: { kind: 'folder', id: libraryId } });
    const path = feedPath(made.body.url);
    const first = await carla.get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const modified = first.headers.get('last-modified') as string;
    const again = await carla.request('GET', path, undefined, { 'if-modified-since': modified });
    expect(again.status).toBe(304);
    const stale = await carla.request('GET', path, undefined, {
      'if-none-match': '"other"',
      'if-modified-since': modified,
    });
    expect(stale.status).toBe(200);
    await carla.request('GET', path, undefined, { 'if-none-match': first.headers.get('etag') as string });
    const feed = (await carla.get('/feeds')).body.find((each: { id: number }) => each.id === made.body.id);
    expect(feed.lastStatus).toBe(304);
  });

  it('a wrong, revoked or inactive key is a 404 like no feed at all; a new key works at once', async () => {
    const made = await create(carla, { name: 'Keys', source: { kind: 'folder', id: libraryId } });
    const path = feedPath(made.body.url);
    const stranger = dam.client();
    const unknown = await stranger.get(`/feed/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await stranger.get(path)).status).toBe(200);

    const renewed = await carla.post(`/feeds/${made.body.id}/key`);
    expect(renewed.status).toBe(200);
    const old = await stranger.get(path);
    expect(old.status).toBe(404);
    expect(old.body).toEqual(unknown.body);
    const fresh = feedPath(renewed.body.url);
    expect((await stranger.get(fresh)).status).toBe(200);

    const { id, ...rest } = made.body;
    const body = {
      name: rest.name,
      type: rest.type,
      source: rest.source,
      events: rest.events,
      active: false,
    };
    expect((await carla.put(`/feeds/${id}`, body)).status).toBe(200);
    const inactive = await stranger.get(fresh);
    expect(inactive.status).toBe(404);
    expect(inactive.body).toEqual(unknown.body);
    const listed = (await carla.get('/feeds')).body.find((each: { id: number }) => each.id === id);
    expect(listed).toMatchObject({ active: false, lastStatus: 404 });

    expect((await carla.delete(`/feeds/${id}`)).status).toBe(200);
    expect((await stranger.get(fresh)).status).toBe(404);
  });

  it('shows only what the owner may see now, thumbnails included, and nobody else’s feeds', async () => {
    const outside = await ingest('Library/Trips/beach.jpg');
    const inside = await ingest('Library/Marketing/flyer.jpg');
    // mo's ACL is Library/Marketing: the library's root is not his to feed, his own folder is.
    const refused = await create(mo, { name: 'All', source: { kind: 'folder', id: libraryId } });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('source_not_found');
    const made = await create(mo, { name: 'Marketing', source: { kind: 'folder', id: marketingId } });
    expect(made.status).toBe(201);
    const path = feedPath(made.body.url);
    const stranger = dam.client();
    const document = (await stranger.get(path)).body as string;
    expect(document).toContain(`urn:rapid-dam:asset:${inside}:new_file`);
    expect(document).not.toContain(`urn:rapid-dam:asset:${outside}:`);

    const thumbnail = await eventually(async () => {
      const answer = await stranger.get(`${path}/assets/${inside}/thumbnail`);
      return answer.status === 200 && answer;
    });
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
    expect((await stranger.get(`${path}/assets/${outside}/thumbnail`)).status).toBe(404);

    // carla cannot see, change or delete mo's feed.
    expect((await carla.get('/feeds')).body.map((feed: { id: number }) => feed.id)).not.toContain(
      made.body.id,
    );
    expect((await carla.delete(`/feeds/${made.body.id}`)).status).toBe(404);
    expect((await carla.post(`/feeds/${made.body.id}/key`)).status).toBe(404);

    // mo loses his ACL: the feed answers nothing at once.
    const { db } = dam.services;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'mo')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('acl_grants').where('user_id', '=', user.id).execute();
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.get(`${path}/assets/${inside}/thumbnail`)).status).toBe(404);
  });

  it('feeds a collection and a saved search; refuses comments until discussions exist', async () => {
    const id = await ingest('Library/Pick/chosen.jpg');
    await ingest('Library/Pick/other.jpg');
    const collection = await carla.post('/collections', { name: 'Picks' });
    await carla.post(`/collections/${collection.body.id}/assets`, { ids: [id] });
    const made = await create(carla, {
      name: 'Picks',
      type: 'atom',
      source: { kind: 'collection', id: collection.body.id },
    });
    expect(made.status).toBe(201);
    const document = (await dam.client().get(feedPath(made.body.url))).body as string;
    expect(document).toContain(`urn:rapid-dam:asset:${id}:new_file`);
    expect(document.match(/<entry>/g)).toHaveLength(1);
    expect(made.body.sourceName).toBe('Picks');

    const saved = await carla.post('/saved-searches', {
      name: 'Chosen',
      description: '',
      public: false,
      query: { q: 'chosen' },
    });
    expect(saved.status).toBe(201);
    const bySearch = await create(carla, {
      name: 'Chosen',
      source: { kind: 'saved_search', id: saved.body.id },
    });
    const found = (await dam.client().get(feedPath(bySearch.body.url))).body as string;
    expect(found).toContain(`urn:rapid-dam:asset:${id}:new_file`);
    expect(found.match(/<item>/g)).toHaveLength(1);

    const comments = await carla.post('/feeds', {
      name: 'Comments',
      type: 'rss',
      events: ['comments'],
      source: { kind: 'folder', id: libraryId },
    });
    expect(comments.status).toBe(400);
    expect(comments.body.error.user_message).toBe(COMMENTS_NOT_YET);
    expect((await create(carla, { name: 'picks', source: { kind: 'folder', id: libraryId } })).status).toBe(
      409,
    );

    // The collection is deleted: the feed answers nothing, and its owner's list says its source is gone.
    expect((await carla.delete(`/collections/${collection.body.id}`)).status).toBe(200);
    expect((await dam.client().get(feedPath(made.body.url))).status).toBe(404);
    const listed = (await carla.get('/feeds')).body.find((each: { id: number }) => each.id === made.body.id);
    expect(listed).toMatchObject({ sourceName: null, lastStatus: 404 });
  });
});
