import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionEvent, LibraryEvent } from '../../api/live.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

/** An open page's push channel: the `library` events it received, read from the real SSE stream. */
async function openEvents(dam: TestDam, client: ApiClient) {
  const abort = new AbortController();
  const response = await fetch(new URL('/api/v1/events', dam.url), {
    headers: client.cookie ? { cookie: client.cookie } : {},
    signal: abort.signal,
  });
  const events: LibraryEvent[] = [];
  const discussions: DiscussionEvent[] = [];
  let ready = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name === 'ready') ready = true;
          if (name === 'library' && data) events.push(JSON.parse(data));
          if (name === 'discussion' && data) discussions.push(JSON.parse(data));
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  const until = async (check: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`Timed out; events so far: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await until(() => ready || response.status !== 200);
  return {
    response,
    events,
    discussions,
    until,
    async close() {
      abort.abort();
      await reading;
    },
  };
}

describe.each(DATABASE_KINDS)('the push channel on %s', (kind) => {
  let dam: TestDam;
  let all: ApiClient;
  let marketing: ApiClient;

  const addAsset = (path: string) => insertAssetRow(dam.services.db, path);

  beforeAll(async () => {
    dam = await startTestDam(kind);
    all = await aclUser(dam, 'lib', 'Library');
    marketing = await aclUser(dam, 'mark', 'Library/Marketing');
  }, 120_000);
  afterAll(() => dam.close());

  it('tells each open page about the folders it may see, whichever statement changed them', async () => {
    const library = await openEvents(dam, all);
    const theirs = await openEvents(dam, marketing);
    expect(library.response.headers.get('content-type')).toContain('text/event-stream');

    await addAsset('Library/Photos/one.jpg');
    await library.until(() => library.events.some((e) => e.folders.includes('Library/Photos')));
    await addAsset('Library/Marketing/Spring/two.jpg');
    await theirs.until(() => theirs.events.length > 0);
    // The Marketing page never heard of Library/Photos: events are cut to the ACL's root.
    expect(theirs.events.flatMap((e) => e.folders)).not.toContain('Library/Photos');
    expect(theirs.events.flatMap((e) => e.folders)).toContain('Library/Marketing/Spring');

    // A change by any statement (here a rename done in SQL), and a move between folders names both sides.
    await sql`update assets set path = 'Library/Photos/Moved/one.jpg' where path = 'Library/Photos/one.jpg'`.execute(
      dam.services.db,
    );
    await library.until(() =>
      library.events.some(
        (e) => e.folders.includes('Library/Photos') && e.folders.includes('Library/Photos/Moved'),
      ),
    );
    await library.close();
    await theirs.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dam.services.live.subscribers).toBe(0);
  });

  it('sends one event for a statement that changes a thousand assets', async () => {
    // The insert's own notice must have passed before the page under test listens, or a slow machine delivers it late.
    const earlier = await openEvents(dam, all);
    await sql`insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, date_created, keywords, rendition_state)
      select null, 'Library/Bulk/f' || n || '.bin', 'f' || n, 'f' || n, '', 'BIN', 'application/octet-stream',
        'other', 1, 'bulk' || n, now(), '{}', 'done'
      from generate_series(1, 1000) n`.execute(dam.services.db);
    await earlier.until(() => earlier.events.some((e) => e.folders.includes('Library/Bulk')));
    await earlier.close();
    const library = await openEvents(dam, all);
    await sql`update assets set description = 'bulk edit' where path like 'Library/Bulk/%'`.execute(
      dam.services.db,
    );
    await library.until(() => library.events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(library.events).toEqual([{ folders: ['Library/Bulk'], all: false }]);
    await library.close();
  });

  it('tells the open pages that may see an asset of each change to its discussion, as it commits', async () => {
    const asset = await addAsset('Library/Talk/photo.jpg');
    const writer = await aclUser(dam, 'writer', 'Library');
    const library = await openEvents(dam, all);
    const theirs = await openEvents(dam, marketing);
    const added = await writer.post(`/assets/${asset}/comments`, { body: 'Crop tighter' });
    expect(added.status).toBe(201);
    await library.until(() => library.discussions.length > 0);
    expect(library.discussions).toEqual([{ assetId: asset, commentId: added.body.id }]);
    expect((await writer.put(`/comments/${added.body.id}`, { body: 'Crop much tighter' })).status).toBe(200);
    expect((await writer.delete(`/comments/${added.body.id}`)).status).toBe(200);
    await library.until(() => library.discussions.length === 3);
    // Marketing's pages may not see Library/Talk: they hear nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.discussions).toEqual([]);
    await library.close();
    await theirs.close();
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(new URL('/api/v1/events', dam.url));
    expect(response.status).toBe(401);
  });
});
