import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { ingestUpload } from '../transfers/ingest-landed.ts';
import { sendDigests, sendGroupedMail } from './notification-service.ts';
import { notify } from './notify.ts';

/** An open page's push channel, keeping the `notification` events it receives from the real SSE stream. */
async function openEvents(dam: TestDam, client: ApiClient) {
  const abort = new AbortController();
  const response = await fetch(new URL('/api/v1/events', dam.url), {
    headers: client.cookie ? { cookie: client.cookie } : {},
    signal: abort.signal,
  });
  const events: { type: string }[] = [];
  let ready = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body ?? []) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name === 'ready') ready = true;
          if (name === 'notification' && data) events.push(JSON.parse(data));
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  await until(() => ready);
  return {
    events,
    async close() {
      abort.abort();
      await reading;
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(DATABASE_KINDS)('notifications on %s', (kind) => {
  let dam: TestDam;
  let alice: ApiClient;
  let bob: ApiClient;
  let marketing: ApiClient;
  const ids = { alice: 0, bob: 0, mark: 0 };
  let photosId: number;

  const userId = async (username: string) =>
    (
      await dam.services.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  const notificationsOf = async (client: ApiClient, query = '') =>
    (await client.get(`/notifications${query}`)).body as {
      items: {
        id: number;
        type: string;
        subject: string;
        actor: string | null;
        target: unknown;
        read: boolean;
      }[];
      next: number | null;
      unread: number;
    };
  /** Bob uploads a file into Library/Photos the way an upload's ingest job does. */
  const upload = async (name: string) => {
    await writeFile(join(dam.services.config.storageRoot, 'Library/Photos', name), `bytes of ${name}`);
    await ingestUpload(dam.services, { path: `Library/Photos/${name}`, userId: ids.bob });
  };

  beforeAll(async () => {
    dam = await startTestDam(kind);
    alice = await aclUser(dam, 'alice', 'Library');
    bob = await aclUser(dam, 'bob', 'Library');
    marketing = await aclUser(dam, 'mark', 'Library/Marketing');
    for (const name of ['alice', 'bob', 'mark'] as const) ids[name] = await userId(name);
    const libraryId = (await alice.get('/folders/tree')).body.root.id;
    photosId = (await alice.post('/folders', { parentId: libraryId, name: 'Photos' })).body.id;
  }, 120_000);
  afterAll(() => dam.close());

  it('tells the followers of a folder, live, of what another person uploads there; never the uploader', async () => {
    expect(photosId).toBeGreaterThan(0);
    expect((await alice.put(`/subscriptions/folder/${photosId}`, {})).body).toEqual({ subscribed: true });
    expect((await alice.get(`/subscriptions/folder/${photosId}`)).body).toEqual({ subscribed: true });
    // Bob follows it too, but is the one who uploads.
    await bob.put(`/subscriptions/folder/${photosId}`, {});
    // A folder outside one's ACL does not exist for one (404), so nobody follows what they may not see.
    expect((await marketing.put(`/subscriptions/folder/${photosId}`, {})).status).toBe(404);

    const page = await openEvents(dam, alice);
    await upload('one.jpg');
    await until(() => page.events.length > 0);
    expect(page.events).toEqual([{ type: 'Upload' }]);
    await page.close();

    const center = await notificationsOf(alice);
    expect(center.unread).toBe(1);
    expect(center.items).toEqual([
      expect.objectContaining({ type: 'Upload', subject: 'one.jpg', actor: 'bob', read: false }),
    ]);
    expect((await notificationsOf(bob)).items).toEqual([]);
    expect((await alice.get('/notifications/unread')).body).toEqual({ unread: 1 });
  });

  it('leaves no notification, mail or signal when the change that caused it rolls back', async () => {
    await alice.put('/notification-settings', { mail: 'immediate' });
    const page = await openEvents(dam, alice);
    const before = (await notificationsOf(alice)).items.length;
    const jobsBefore = await mailJobs();
    await expect(
      dam.services.db.transaction().execute(async (trx) => {
        await notify(trx, dam.services.config, {
          type: 'Custom',
          actorId: null,
          subject: 'never committed',
          to: [ids.alice],
        });
        throw new Error('the action failed after notify');
      }),
    ).rejects.toThrow('the action failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await notificationsOf(alice)).items.length).toBe(before);
    expect(await mailJobs()).toBe(jobsBefore);
    expect(page.events).toEqual([]);
    // The same event committed: one row, one mail, one signal.
    await dam.services.db.transaction().execute((trx) =>
      notify(trx, dam.services.config, {
        type: 'Custom',
        actorId: null,
        subject: 'committed',
        to: [ids.alice],
      }),
    );
    await until(() => page.events.length === 1);
    const mail = await dam.mail.waitFor((m) => m.subject.includes('committed'));
    expect(mail.to).toContain('alice@dam.example');
    expect(mail.text).toContain('/#/notifications');
    await page.close();
    await alice.put('/notification-settings', { mail: 'off' });
  });

  it('mails the first of a burst at once and the rest of it together in one mail when the window closes', async () => {
    // A person of their own: the other tests count Mark's and Alice's notifications and mails.
    const nina = await aclUser(dam, 'nina', 'Library');
    const ninaId = await userId('nina');
    await nina.put('/notification-settings', { mail: 'immediate' });
    const tell = (subject: string) =>
      dam.services.db
        .transaction()
        .execute((trx) =>
          notify(trx, dam.services.config, { type: 'Custom', actorId: null, subject, to: [ninaId] }),
        );
    const toNina = () => dam.mail.messages.filter((mail) => mail.to.includes('nina@dam.example')).length;
    await tell('burst one');
    await dam.mail.waitFor((mail) => mail.subject === 'Rapid DAM Custom: burst one');
    const before = toNina();
    await tell('burst two');
    await tell('burst three');
    // One mail to come for both, when the window that the first mail opened closes.
    const held = await dam.services.db
      .selectFrom('jobs')
      .select(['payload', 'run_at'])
      .where('kind', '=', 'notifications.mail-soon')
      .where('done_at', 'is', null)
      .execute();
    expect(held).toHaveLength(1);
    expect(held[0]?.payload).toEqual({ userId: ninaId });
    expect(new Date(held[0]?.run_at as Date).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toNina()).toBe(before);
    await sendGroupedMail(dam.services, ninaId);
    const grouped = await dam.mail.waitFor((mail) => mail.subject === 'Rapid DAM: 2 notifications');
    expect(grouped.text).toContain('burst two');
    expect(grouped.text).toContain('burst three');
    // The job firing again (another server) sends nothing twice.
    await sendGroupedMail(dam.services, ninaId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toNina()).toBe(before + 1);
    await nina.put('/notification-settings', { mail: 'off' });
  });

  async function mailJobs() {
    const row = await dam.services.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'mail.send')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('tells an asset’s followers of its edit, version and deletion, and keeps a task per check-out', async () => {
    await upload('two.jpg');
    const asset = (await alice.get(`/folders/${photosId}/assets`)).body.items.find(
      (item: { name: string }) => item.name === 'two.jpg',
    );
    await bob.put(`/subscriptions/asset/${asset.id}`, {});
    await alice.put(`/assets/${asset.id}`, { description: 'edited' });
    expect((await alice.post(`/assets/${asset.id}/checkout`)).status).toBe(200);
    const tasks = (await alice.get('/tasks')).body.items;
    expect(tasks).toEqual([
      expect.objectContaining({
        kind: 'checkout.return',
        status: 'Scheduled',
        target: { kind: 'asset', id: String(asset.id) },
      }),
    ]);
    expect(Date.parse(tasks[0].dueAt) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect(
      (await alice.post(`/assets/${asset.id}/checkin`, { name: 'v2', comment: '', message: '' })).status,
    ).toBe(201);
    expect((await alice.get('/tasks')).body.items[0].status).toBe('Completed');
    expect((await alice.delete(`/assets/${asset.id}`)).status).toBe(200);
    const types = (await notificationsOf(bob)).items.map((item) => item.type);
    expect(types).toEqual(['Delete', 'Version', 'Edit']);
    // Alice follows the folder: she did all three, so she hears of none of them.
    expect((await notificationsOf(alice)).items.map((item) => item.type)).not.toContain('Edit');
  });

  it('tells an asset’s followers of each Standard Download of it (not of a resumed range), never the downloader', async () => {
    await upload('five.jpg');
    const asset = (await alice.get(`/folders/${photosId}/assets`)).body.items.find(
      (item: { name: string }) => item.name === 'five.jpg',
    );
    await bob.put(`/subscriptions/asset/${asset.id}`, {});
    const downloads = async () =>
      (await notificationsOf(bob)).items.filter(
        (item) => item.type === 'Download' && item.subject === 'five.jpg',
      );
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(new URL(`/api/v1${path}`, dam.url), {
        headers: { cookie: alice.cookie as string, ...headers },
      });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await get(`/files/content?path=${encodeURIComponent('Photos/five.jpg')}`)).toBe(200);
    expect(await downloads()).toEqual([
      expect.objectContaining({ actor: 'alice', target: { kind: 'asset', id: String(asset.id) } }),
    ]);
    expect(
      await get(`/files/content?path=${encodeURIComponent('Photos/five.jpg')}`, { range: 'bytes=3-' }),
    ).toBe(206);
    expect(await downloads()).toHaveLength(1);
    expect(await get(`/files/zip?path=${encodeURIComponent('Photos/five.jpg')}`)).toBe(200);
    expect(await downloads()).toHaveLength(2);
    expect((await notificationsOf(alice)).items.filter((item) => item.type === 'Download')).toEqual([]);
  });

  it('marks one or all read, and answers 404 for another person’s notification', async () => {
    const bobs = await notificationsOf(bob);
    const first = bobs.items[0];
    if (!first) throw new Error('bob has notifications');
    expect((await alice.post(`/notifications/${first.id}/read`)).status).toBe(404);
    expect((await bob.post(`/notifications/${first.id}/read`)).status).toBe(200);
    expect((await notificationsOf(bob)).unread).toBe(bobs.unread - 1);
    await bob.post('/notifications/read');
    expect((await notificationsOf(bob)).unread).toBe(0);
  });

  it('tells a dock’s owner it is ready under the dock’s notificationId, and leaves a task in Error for what failed', async () => {
    await upload('three.jpg');
    await upload('four.jpg');
    const items = (await alice.get(`/folders/${photosId}/assets`)).body.items as {
      id: number;
      name: string;
    }[];
    const three = items.find((item) => item.name === 'three.jpg')?.id;
    const four = items.find((item) => item.name === 'four.jpg')?.id;
    const ready = (await alice.post('/loading-dock', { ids: [three] })).body;
    await until(
      async () => (await alice.get(`/loading-dock/${ready.notificationId}`)).body.state === 'ready',
    );
    const center = await notificationsOf(alice);
    expect(center.items[0]).toEqual(
      expect.objectContaining({
        type: 'Download',
        subject: 'three.jpg',
        target: { kind: 'dock', id: ready.notificationId },
      }),
    );
    const row = await dam.services.db
      .selectFrom('notifications')
      .select(['key', 'user_id'])
      .where('key', '=', ready.notificationId)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(ids.alice);

    // A file gone from under its asset cannot be placed: the dock fails, and its owner has a task in Error.
    const { rm } = await import('node:fs/promises');
    await rm(join(dam.services.config.storageRoot, 'Library/Photos/four.jpg'));
    const failed = (await alice.post('/loading-dock', { ids: [four] })).body;
    await until(
      async () => (await alice.get(`/loading-dock/${failed.notificationId}`)).body.state === 'failed',
    );
    expect((await alice.get('/tasks')).body.items).toContainEqual(
      expect.objectContaining({
        kind: 'dock.failed',
        status: 'Error',
        title: 'four.jpg',
        target: { kind: 'dock', id: failed.notificationId },
      }),
    );
  });

  it('mails a daily digest once to those who chose it', async () => {
    await marketing.put('/notification-settings', { mail: 'daily' });
    expect((await marketing.get('/notification-settings')).body).toMatchObject({ mail: 'daily' });
    await dam.services.db.transaction().execute(async (trx) => {
      for (const subject of ['first', 'second', 'third'])
        await notify(trx, dam.services.config, { type: 'Custom', actorId: null, subject, to: [ids.mark] });
    });
    expect(await sendDigests(dam.services)).toBe(1);
    const digest = await dam.mail.waitFor((m) => m.to.includes('mark@dam.example'));
    expect(digest.subject).toContain('3 notifications');
    for (const subject of ['first', 'second', 'third']) expect(digest.text).toContain(`Custom: ${subject}`);
    // A second run (another server, a restart) mails nothing twice.
    expect(await sendDigests(dam.services)).toBe(0);
  });

  it('mails each type as the person chose it: at once (grouped in a burst), in the digest, or never; in French', async () => {
    const pat = await aclUser(dam, 'pat', 'Library');
    const patId = await userId('pat');
    // The one setting is the default of every type; two types set apart; the app's language carried along.
    const saved = await pat.put('/notification-settings', {
      mail: 'daily',
      types: { Mention: 'immediate', Upload: 'off' },
      language: 'fr',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.types).toMatchObject({
      Mention: 'immediate',
      Upload: 'off',
      Custom: 'daily',
      Edit: 'daily',
    });
    expect(Object.keys(saved.body.types)).toHaveLength(11);
    // Saving the default alone moves the types not set apart and keeps those that were.
    const moved = (await pat.put('/notification-settings', { mail: 'daily' })).body;
    expect(moved).toMatchObject({
      mail: 'daily',
      language: 'fr',
      types: { Mention: 'immediate', Upload: 'off' },
    });
    const tell = (type: 'Mention' | 'Upload' | 'Custom', subject: string) =>
      dam.services.db
        .transaction()
        .execute((trx) => notify(trx, dam.services.config, { type, actorId: ids.bob, subject, to: [patId] }));
    const toPat = () => dam.mail.messages.filter((mail) => mail.to.includes('pat@dam.example'));
    await tell('Mention', 'pat first');
    const first = await dam.mail.waitFor((mail) => mail.subject === 'Rapid DAM Mention\u00a0: pat first');
    expect(first.text).toContain('Bonjour pat');
    expect(first.text).toContain('(par bob)');
    await tell('Upload', 'pat never');
    await tell('Custom', 'pat daily');
    await tell('Mention', 'pat second');
    await tell('Mention', 'pat third');
    // The burst's grouped mail has the immediate type only, in French.
    await sendGroupedMail(dam.services, patId);
    const grouped = await dam.mail.waitFor((mail) => mail.subject === 'Rapid DAM\u00a0: 2 notifications');
    expect(grouped.text).toContain('pat second');
    expect(grouped.text).toContain('pat third');
    expect(grouped.text).not.toContain('pat daily');
    expect(grouped.text).toContain('Toutes vos notifications');
    // The digest has the daily type only; the type set to never is mailed by neither.
    await sendDigests(dam.services);
    const digest = await dam.mail.waitFor(
      (mail) => mail.to.includes('pat@dam.example') && mail.subject.includes('aujourd’hui'),
    );
    expect(digest.text).toContain('pat daily');
    expect(digest.text).not.toContain('pat second');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toPat().filter((mail) => mail.text.includes('pat never'))).toHaveLength(0);
    expect(toPat()).toHaveLength(3);
    // All five are in the center all the same.
    expect((await notificationsOf(pat)).items).toHaveLength(5);
  });

  it('pages 10,000 notifications newest first by keyset, each once, quickly', async () => {
    await sql`insert into notifications (user_id, type, subject)
      select ${ids.mark}, 'Custom', 'bulk ' || n from generate_series(1, 10000) n`.execute(dam.services.db);
    const started = performance.now();
    const first = await notificationsOf(marketing, '?limit=100');
    const firstMs = performance.now() - started;
    expect(first.items).toHaveLength(100);
    expect(first.unread).toBeGreaterThanOrEqual(10_000);
    const pagingStarted = performance.now();
    const seen = new Set(first.items.map((item) => item.id));
    let next = first.next;
    let pages = 1;
    while (next !== null) {
      const page = await notificationsOf(marketing, `?limit=100&before=${next}`);
      for (const item of page.items) {
        expect(item.id).toBeLessThan(next);
        seen.add(item.id);
      }
      next = page.next;
      pages++;
    }
    expect(seen.size).toBe(10_003);
    expect(pages).toBe(101);
    expect(firstMs).toBeLessThan(1000);
    // The later pages skip the unread count (the first page and the bell have it): a keyset page is an index range.
    expect((performance.now() - pagingStarted) / 100).toBeLessThan(100);
  });
});
