import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES, portalAssetLimitMessage } from '../../api/messages.ts';
import { PORTAL_IMAGE_MAX_BYTES, PORTAL_IMAGE_TEXT, PORTAL_MAX_ASSETS } from '../../api/portals.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('external portals (%s)', (kind) => {
  let dam: TestDam;
  let pia: ApiClient;
  let viewer: ApiClient;
  let sharer: ApiClient;
  let libAclId: number;
  let collectionId: number;
  let shootId: number;
  let bulkId: number;
  const ids: Record<string, number> = {};
  const bytes = { 'a.jpg': randomBytes(90_000), 'b.jpg': randomBytes(20_000), 'c.jpg': randomBytes(5_000) };

  beforeAll(async () => {
    dam = await startTestDam(kind);
    const admin = await dam.userClient('boss', { admin: true });
    const publishers = await admin.post('/admin/groups', { name: 'Publishers' });
    const lookers = await admin.post('/admin/groups', { name: 'Lookers' });
    const sharers = await admin.post('/admin/groups', { name: 'Sharers' });
    const lib = await admin.post('/admin/acls', {
      name: 'Lib',
      rootPath: 'Library',
      permissions: ['quickDownload', 'externalPortal', 'modifying collections'],
      groupIds: [publishers.body.id],
    });
    libAclId = lib.body.id;
    await admin.post('/admin/acls', {
      name: 'Share',
      rootPath: 'Library',
      permissions: ['quickDownload', 'externalShare'],
      groupIds: [sharers.body.id],
    });
    await admin.post('/admin/acls', {
      name: 'Look',
      rootPath: 'Library',
      permissions: ['quickDownload'],
      groupIds: [lookers.body.id],
    });
    pia = await dam.userClient('pia', { groupNames: ['Publishers'] });
    viewer = await dam.userClient('vic', { groupNames: ['Lookers'] });
    sharer = await dam.userClient('sam', { groupNames: ['Sharers'] });
    const root = dam.services.config.storageRoot;
    for (const folder of ['Library/Shoot', 'Library/Picks', 'Library/Other', 'Secret'])
      await mkdir(join(root, folder), { recursive: true });
    // a.jpg and b.jpg under the Shoot folder; c.jpg elsewhere but in the collection; other.jpg in neither.
    const place = { 'a.jpg': 'Library/Shoot', 'b.jpg': 'Library/Shoot', 'c.jpg': 'Library/Picks' } as const;
    for (const [name, content] of Object.entries(bytes)) {
      const path = `${place[name as keyof typeof place]}/${name}`;
      await writeFile(join(root, path), content);
      ids[name] = await insertAssetRow(dam.services.db, path);
      await dam.services.db
        .updateTable('assets')
        .set({ size: content.length })
        .where('path', '=', path)
        .execute();
    }
    await writeFile(join(root, 'Library/Other/other.jpg'), 'not in the portal');
    ids['other.jpg'] = await insertAssetRow(dam.services.db, 'Library/Other/other.jpg');
    await writeFile(join(root, 'Secret/plan.pdf'), 'secret');
    ids['plan.pdf'] = await insertAssetRow(dam.services.db, 'Secret/plan.pdf');
    const collection = await pia.post('/collections', { name: 'Picks' });
    collectionId = collection.body.id;
    await pia.post(`/collections/${collectionId}/assets`, { ids: [ids['c.jpg'], ids['plan.pdf']] });
    const folder = (path: string) =>
      dam.services.db.selectFrom('folders').select('id').where('path', '=', path).executeTakeFirstOrThrow();
    shootId = (await folder('Library/Shoot')).id;
    // A folder of PORTAL_MAX_ASSETS assets (rows only), for the spec's limit.
    await insertAssetRow(dam.services.db, 'Library/Bulk/first.bin');
    bulkId = (await folder('Library/Bulk')).id;
    await sql`
      insert into assets (folder_id, path, name, file_name, size, content_hash, date_created, updated_at)
      select ${bulkId}, 'Library/Bulk/f' || g || '.bin', 'f' || g, 'f' || g || '.bin', 1, 'h' || g, now(), now()
      from generate_series(2, ${PORTAL_MAX_ASSETS}) g`.execute(dam.services.db);
  }, 60_000);
  afterAll(() => dam.close());

  const base = (over: Record<string, unknown> = {}) => ({
    name: 'Spring press',
    description: 'Pictures for <the> press',
    terms: 'Editorial use only.',
    expiresOn: day(30),
    utcOffsetMinutes: 0,
    maxDownloads: 2,
    collectionIds: [collectionId],
    folderIds: [shootId],
    ...over,
  });
  const tokenOf = (link: string) => link.slice(link.indexOf('#portal=') + '#portal='.length);
  const anon = () => dam.client();
  const raw = (path: string, init: RequestInit = {}) => fetch(`${dam.url}/api/v1${path}`, init);

  it('is made only by someone who may share, of sources they may see, of fewer than the limit of assets', async () => {
    expect((await viewer.post('/portals', base())).status).toBe(403);
    expect((await pia.post('/portals', base({ folderIds: [999_999] }))).status).toBe(404);
    const secretFolder = await dam.services.db
      .selectFrom('folders')
      .select('id')
      .where('path', '=', 'Secret')
      .executeTakeFirstOrThrow();
    expect((await pia.post('/portals', base({ folderIds: [secretFolder.id] }))).status).toBe(404);
    const tooLarge = await pia.post('/portals', base({ folderIds: [bulkId] }));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error.code).toBe('portal_too_large');
    expect(tooLarge.body.error.user_message).toBe(portalAssetLimitMessage(PORTAL_MAX_ASSETS));
    expect(tooLarge.body.error.user_message).toBe(
      'The external portal supports fewer than 5000 total assets.',
    );
    expect((await pia.post('/portals', base({ expiresOn: day(0) }))).status).toBe(400);
  });

  it('answers its state and nothing else until published, and again at once when unpublished; a guessed address as expired', async () => {
    const made = await pia.post('/portals', base({ maxDownloads: null, terms: '' }));
    expect(made.status).toBe(201);
    expect(made.body.portal.state).toBe('unpublished');
    const token = tokenOf(made.body.link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const draft = await anon().get(`/p/${token}`);
    expect(draft.status).toBe(410);
    expect(draft.body.error).toMatchObject({
      code: 'portal_unpublished',
      user_message: MESSAGES.portalUnpublished,
    });
    expect(JSON.stringify(draft.body)).not.toContain('Spring');
    const guessed = await anon().get(`/p/${token.slice(0, -2)}xx`);
    expect(guessed.status).toBe(410);
    expect(guessed.body.error).toMatchObject({
      code: 'portal_expired',
      user_message: MESSAGES.portalExpired,
    });
    expect(guessed.headers.get('x-robots-tag')).toBe('noindex, nofollow');

    expect((await pia.post(`/portals/${made.body.portal.id}/publish`)).body.state).toBe('published');
    const open = await anon().get(`/p/${token}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('referrer-policy')).toBe('no-referrer');
    // The collection's c.jpg and the folder's a.jpg and b.jpg; not the collection's plan.pdf (outside the ACL), not other.jpg.
    expect(open.body.items.map((item: { fileName: string }) => item.fileName)).toEqual([
      'a.jpg',
      'b.jpg',
      'c.jpg',
    ]);
    expect(open.body).toMatchObject({ name: 'Spring press', accepted: false, total: 3, downloadsLeft: null });
    const searched = await anon().get(`/p/${token}?q=${encodeURIComponent('c.j')}`);
    expect(searched.body.items.map((item: { fileName: string }) => item.fileName)).toEqual(['c.jpg']);
    // A LIKE wildcard is a character like any other.
    expect((await anon().get(`/p/${token}?q=%25`)).body.total).toBe(0);

    const grant = (await anon().post(`/p/${token}/unlock`, {})).body.grant;
    const file = await raw(`/p/${token}/items/${ids['a.jpg']}/file?grant=${grant}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes['a.jpg'])).toBe(true);
    // Enumerating ids reaches nothing outside the portal.
    for (const outside of [ids['other.jpg'], ids['plan.pdf'], bulkId])
      expect((await raw(`/p/${token}/items/${outside}/file?grant=${grant}`)).status).toBe(404);

    expect((await pia.post(`/portals/${made.body.portal.id}/unpublish`)).body.state).toBe('unpublished');
    const after = await raw(`/p/${token}/items/${ids['a.jpg']}/file?grant=${grant}`);
    expect(after.status).toBe(410);
    expect((await after.json()).error.code).toBe('portal_unpublished');
  });

  it('asks the password, then the terms, and counts a download only at the last byte of a file, up to its maximum', async () => {
    const made = await pia.post('/portals', base({ password: 'open-sesame-42' }));
    const token = tokenOf(made.body.link);
    await pia.post(`/portals/${made.body.portal.id}/publish`);
    expect((await anon().get(`/p/${token}`)).body).toEqual({ locked: true });
    const wrong = await anon().post(`/p/${token}/unlock`, { password: 'guess', accept: true });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.user_message).toBe(MESSAGES.sharePasswordWrong);
    const seen = (await anon().post(`/p/${token}/unlock`, { password: 'open-sesame-42' })).body.grant;
    const page = await anon().get(`/p/${token}?grant=${seen}`);
    expect(page.body).toMatchObject({ locked: false, terms: 'Editorial use only.', accepted: false });
    // The terms are not accepted yet: no download.
    expect((await raw(`/p/${token}/items/${ids['a.jpg']}/file?grant=${seen}`)).status).toBe(403);
    const grant = (await anon().post(`/p/${token}/unlock`, { password: 'open-sesame-42', accept: true })).body
      .grant;
    const url = `/p/${token}/items/${ids['b.jpg']}/file?grant=${grant}`;
    const count = async () =>
      (
        await dam.services.db
          .selectFrom('portals')
          .select('download_count')
          .where('id', '=', made.body.portal.id)
          .executeTakeFirstOrThrow()
      ).download_count;
    for (let i = 0; i < 5; i++) expect((await raw(url, { method: 'HEAD' })).status).toBe(200);
    const partial = await raw(url, { headers: { range: 'bytes=0-99' } });
    expect(partial.status).toBe(206);
    await partial.arrayBuffer();
    expect(await count()).toBe(0);
    for (let i = 0; i < 2; i++) {
      const whole = await raw(url);
      expect(Buffer.from(await whole.arrayBuffer()).equals(bytes['b.jpg'])).toBe(true);
    }
    expect(await count()).toBe(2);
    const third = await raw(url);
    expect(third.status).toBe(410);
    expect((await third.json()).error.user_message).toBe(ASSET_MESSAGES.downloadMaximumReached);
    // Browsing stays open, saying none is left.
    expect((await anon().get(`/p/${token}?grant=${grant}`)).body.downloadsLeft).toBe(0);
    const list = await pia.get('/portals');
    expect(list.body.items.find((each: { id: number }) => each.id === made.body.portal.id)).toMatchObject({
      downloadCount: 2,
      hasPassword: true,
      collectionIds: [collectionId],
      folderIds: [shootId],
    });
  });

  it('lets two concurrent last downloads take only the one left: the other gets no whole file', async () => {
    const made = await pia.post('/portals', base({ maxDownloads: 1, terms: '', collectionIds: [] }));
    const token = tokenOf(made.body.link);
    await pia.post(`/portals/${made.body.portal.id}/publish`);
    const grant = (await anon().post(`/p/${token}/unlock`, {})).body.grant;
    const url = `/p/${token}/items/${ids['a.jpg']}/file?grant=${grant}`;
    const whole = async () => {
      const response = await raw(url);
      if (response.status !== 200) return false;
      const body = await response.arrayBuffer().catch(() => undefined);
      return body !== undefined && Buffer.from(body).equals(bytes['a.jpg']);
    };
    const results = await Promise.all([whole(), whole()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await dam.services.db
      .selectFrom('portals')
      .select('download_count')
      .where('id', '=', made.body.portal.id)
      .executeTakeFirstOrThrow();
    expect(row.download_count).toBe(1);
  });

  it('needs externalPortal of its own: externalShare alone neither makes nor publishes one, and its loss empties the page', async () => {
    const refused = await sharer.post('/portals', base({ collectionIds: [] }));
    expect(refused.status).toBe(403);
    const made = await pia.post('/portals', base({ terms: '', collectionIds: [] }));
    const token = tokenOf(made.body.link);
    await pia.post(`/portals/${made.body.portal.id}/publish`);
    expect((await anon().get(`/p/${token}`)).body.total).toBe(2);
    const setPermissions = (permissions: string[]) =>
      dam.services.db.updateTable('acls').set({ permissions }).where('id', '=', libAclId).execute();
    await setPermissions(['quickDownload', 'externalShare', 'modifying collections']);
    try {
      expect((await anon().get(`/p/${token}`)).body.total).toBe(0);
      expect((await pia.post(`/portals/${made.body.portal.id}/publish`)).status).toBe(403);
    } finally {
      await setPermissions(['quickDownload', 'externalPortal', 'modifying collections']);
    }
  });

  it('keeps a logo and a favicon checked by content (JPG, GIF or PNG, under the limit) and serves them from the DAM', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const disguised = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const tooBig = Buffer.concat([png, Buffer.alloc(PORTAL_IMAGE_MAX_BYTES)]);
    for (const logo of [disguised, tooBig]) {
      const bad = await pia.post('/portals', base({ logo: logo.toString('base64') }));
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.logo).toBe(PORTAL_IMAGE_TEXT);
    }
    const made = await pia.post(
      '/portals',
      base({ logo: png.toString('base64'), favicon: gif.toString('base64') }),
    );
    expect(made.body.portal).toMatchObject({ hasLogo: true, hasFavicon: true });
    const token = tokenOf(made.body.link);
    // Not before it is published.
    expect((await raw(`/p/${token}/logo`)).status).toBe(410);
    await pia.post(`/portals/${made.body.portal.id}/publish`);
    expect((await anon().get(`/p/${token}`)).body).toMatchObject({ hasLogo: true, hasFavicon: true });
    const logo = await raw(`/p/${token}/logo`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
    const favicon = await raw(`/p/${token}/favicon`);
    expect(favicon.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await favicon.arrayBuffer()).equals(gif)).toBe(true);
    // An edit that leaves them out keeps them; null removes one.
    const edited = await pia.put(`/portals/${made.body.portal.id}`, { ...base(), favicon: null });
    expect(edited.body).toMatchObject({ hasLogo: true, hasFavicon: false });
    expect((await raw(`/p/${token}/favicon`)).status).toBe(404);
  });

  it('gives all or chosen assets as one ZIP64 counted at its last byte, logs it for the owner and mails them when none is left', async () => {
    const made = await pia.post('/portals', base({ maxDownloads: 1, name: 'Zip portal' }));
    const token = tokenOf(made.body.link);
    await pia.post(`/portals/${made.body.portal.id}/publish`);
    const viewing = (await anon().post(`/p/${token}/unlock`, {})).body.grant;
    expect((await raw(`/p/${token}/zip?grant=${viewing}`)).status).toBe(403);
    const grant = (await anon().post(`/p/${token}/unlock`, { accept: true })).body.grant;
    const url = `/p/${token}/zip?grant=${grant}&ids=${ids['a.jpg']},${ids['c.jpg']},${ids['other.jpg']}`;
    for (let i = 0; i < 3; i++) expect((await raw(url, { method: 'HEAD' })).status).toBe(200);
    const zip = await raw(url);
    expect(zip.status).toBe(200);
    const body = Buffer.from(await zip.arrayBuffer());
    expect(body.length).toBe(Number(zip.headers.get('content-length')));
    const files = unzipSync(body);
    // Only the portal's own: other.jpg is not in it.
    expect(Object.keys(files).sort()).toEqual(['a.jpg', 'c.jpg']);
    expect(Buffer.from(files['a.jpg'] as Uint8Array).equals(bytes['a.jpg'])).toBe(true);
    const mail = await dam.mail.waitFor((each) =>
      each.subject.includes('"Zip portal" reached its download maximum'),
    );
    expect(mail.to).toContain('pia@dam.example');
    const again = await raw(`/p/${token}/zip?grant=${grant}`);
    expect(again.status).toBe(410);
    expect((await again.json()).error.user_message).toBe(ASSET_MESSAGES.downloadMaximumReached);
    const log = await pia.get(`/portals/${made.body.portal.id}/downloads`);
    expect(log.status).toBe(200);
    expect(log.body.items).toMatchObject([{ method: 'http-zip', fileName: null, counted: true }]);
    expect((await viewer.get(`/portals/${made.body.portal.id}/downloads`)).status).toBe(404);
  });

  it('offers only the renditions chosen for it: a preview-only portal gives no original and counts a preview at its last byte', async () => {
    const preview = randomBytes(7_000);
    await dam.services.storage.renditions.put('portal-test/a-preview.jpg', preview);
    await dam.services.db
      .insertInto('renditions')
      .values({
        asset_id: ids['a.jpg'] as number,
        name: 'preview',
        storage_key: 'portal-test/a-preview.jpg',
        mime_type: 'image/jpeg',
        width: 10,
        height: 10,
        size: preview.length,
        content_hash: 'p',
      })
      .execute();
    const made = await pia.post('/portals', base({ terms: '', collectionIds: [], renditions: ['preview'] }));
    expect(made.body.portal.renditions).toEqual(['preview']);
    const token = tokenOf(made.body.link);
    await pia.post(`/portals/${made.body.portal.id}/publish`);
    const grant = (await anon().post(`/p/${token}/unlock`, {})).body.grant;
    const page = await anon().get(`/p/${token}?grant=${grant}`);
    expect(
      page.body.items.map((item: { fileName: string; downloads: string[] }) => [
        item.fileName,
        item.downloads,
      ]),
    ).toEqual([
      ['a.jpg', ['preview']],
      ['b.jpg', []],
    ]);
    expect((await raw(`/p/${token}/items/${ids['a.jpg']}/file?grant=${grant}`)).status).toBe(404);
    expect((await raw(`/p/${token}/zip?grant=${grant}`)).status).toBe(404);
    expect((await raw(`/p/${token}/items/${ids['a.jpg']}/renditions/poster?grant=${grant}`)).status).toBe(
      404,
    );
    const url = `/p/${token}/items/${ids['a.jpg']}/renditions/preview?grant=${grant}`;
    expect((await raw(url, { method: 'HEAD' })).status).toBe(200);
    const got = await raw(url);
    expect(got.headers.get('content-disposition')).toContain('a-preview.jpg');
    expect(Buffer.from(await got.arrayBuffer()).equals(preview)).toBe(true);
    const log = await pia.get(`/portals/${made.body.portal.id}/downloads`);
    expect(log.body.items).toMatchObject([{ method: 'http-file', fileName: 'a.jpg', counted: true }]);
  });
});
