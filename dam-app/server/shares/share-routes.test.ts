import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { EXPIRY_NOT_FUTURE } from '../../api/working-sets.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('external shares (%s)', (kind) => {
  let dam: TestDam;
  let sam: ApiClient;
  let viewer: ApiClient;
  const ids: number[] = [];
  let secretId: number;
  let bigId: number;
  const bytes = [randomBytes(150_000), Buffer.from('second file'), randomBytes(70_000)];
  const names = ['photo.jpg', 'notes.txt', '../evil\r\nX-Injected: 1.bin'];

  beforeAll(async () => {
    dam = await startTestDam(kind);
    const admin = await dam.userClient('boss', { admin: true });
    const sharers = await admin.post('/admin/groups', { name: 'Sharers' });
    const lookers = await admin.post('/admin/groups', { name: 'Lookers' });
    await admin.post('/admin/acls', {
      name: 'Lib',
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
    sam = await dam.userClient('sam', { groupNames: ['Sharers'] });
    viewer = await dam.userClient('vic', { groupNames: ['Lookers'] });
    const root = dam.services.config.storageRoot;
    await mkdir(join(root, 'Library/Shoot'), { recursive: true });
    await mkdir(join(root, 'Secret'), { recursive: true });
    for (const [index, content] of bytes.entries()) {
      const path = `Library/Shoot/file${index}.bin`;
      await writeFile(join(root, path), content);
      const id = await insertAssetRow(dam.services.db, path);
      await dam.services.db
        .updateTable('assets')
        .set({ file_name: names[index] as string, size: content.length })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    await writeFile(join(root, 'Secret/plan.pdf'), 'secret');
    await writeFile(join(root, 'Library/Shoot/big.bin'), Buffer.alloc(64 * 1024 ** 2, 7));
    bigId = await insertAssetRow(dam.services.db, 'Library/Shoot/big.bin');
    secretId = await insertAssetRow(dam.services.db, 'Secret/plan.pdf');
  });
  afterAll(() => dam.close());

  const base = (over: Record<string, unknown> = {}) => ({
    name: 'Spring shoot',
    expiresOn: day(10),
    utcOffsetMinutes: 0,
    maxDownloads: 2,
    licensingText: 'Use for <b>press</b> only.',
    message: 'Here they are',
    recipients: [],
    from: { ids },
    ...over,
  });
  const tokenOf = (link: string) => link.slice(link.indexOf('#share=') + '#share='.length);
  const anon = () => dam.client();
  const raw = (path: string, init: RequestInit = {}) => fetch(`${dam.url}/api/v1${path}`, init);
  const countOf = async (id: number) =>
    (
      await dam.services.db
        .selectFrom('external_shares')
        .select('download_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).download_count;
  const make = async (over: Record<string, unknown> = {}) => {
    const made = await sam.post('/shares', base(over));
    expect(made.status).toBe(201);
    return { id: made.body.share.id as number, token: tokenOf(made.body.link) };
  };
  const unlock = async (token: string, body: Record<string, unknown> = { accept: true }) =>
    (await anon().post(`/s/${token}/unlock`, body)).body.grant as string;

  it('keeps the rules of R-SHARE-EXPIRY: max blank or 1 to 100, an expiration after today and within the maximum', async () => {
    const zero = await sam.post('/shares', base({ maxDownloads: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.body.error.user_message).toBe(MESSAGES.shareMaxDownloadBlankOrPositive);
    const over = await sam.post('/shares', base({ maxDownloads: 101 }));
    expect(over.body.error.user_message).toBe(MESSAGES.shareDownloadCountRange);
    const today = await sam.post('/shares', base({ expiresOn: day(0) }));
    expect(today.status).toBe(400);
    expect(today.body.error.user_message).toBe(EXPIRY_NOT_FUTURE);
    const far = await sam.post('/shares', base({ expiresOn: day(91) }));
    expect(far.body.error.user_message).toBe(ASSET_MESSAGES.shareExpirationTooFar('90'));
    expect((await sam.post('/shares', base({ expiresOn: day(90), maxDownloads: null }))).status).toBe(201);
    // Without externalShare in the ACL: refused; assets the sharer cannot see: nothing to share.
    expect((await viewer.post('/shares', base())).status).toBe(403);
    const hidden = await sam.post('/shares', base({ from: { ids: [secretId] } }));
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.user_message).toBe(MESSAGES.externalLinkError);
  });

  it('mails the link, shows nothing before the password and limits password attempts per share', async () => {
    const made = await sam.post(
      '/shares',
      base({
        password: 'open sesame',
        recipients: ['ann@client.example'],
        name: 'Pics\r\nBcc: x@evil.example',
      }),
    );
    expect(made.status).toBe(201);
    const mail = await dam.mail.waitFor((each) => each.to.includes('ann@client.example'));
    expect(mail.text).toContain(made.body.link);
    expect(mail.text).toContain('Here they are');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const token = tokenOf(made.body.link);
    const closed = await raw(`/s/${token}`);
    expect(closed.headers.get('referrer-policy')).toBe('no-referrer');
    expect(closed.headers.get('x-robots-tag')).toContain('noindex');
    expect(await closed.json()).toEqual({ locked: true });
    expect((await raw(`/s/${token}/zip`)).status).toBe(403);
    expect((await raw(`/s/${token}/items/${ids[0]}/thumbnail`)).status).toBe(403);
    for (let i = 0; i < 4; i++) {
      const wrong = await anon().post(`/s/${token}/unlock`, { password: `guess ${i}`, accept: true });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error.user_message).toBe(MESSAGES.sharePasswordWrong);
    }
    expect((await anon().post(`/s/${token}/unlock`, { password: 'guess 5', accept: true })).status).toBe(429);
    const blocked = await anon().post(`/s/${token}/unlock`, { password: 'open sesame', accept: true });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.user_message).toBe(MESSAGES.tooManyAttempts);
  });

  it('counts a download at the last byte of the zip, never on HEAD, a page view or a partial read', async () => {
    const { id, token } = await make({ maxDownloads: 3 });
    // Before the licence is accepted: the page, not the files.
    const viewing = await unlock(token, { accept: false });
    const seen = await (await raw(`/s/${token}?grant=${encodeURIComponent(viewing)}`)).json();
    expect(seen.locked).toBe(false);
    expect(seen.accepted).toBe(false);
    expect(seen.licensingText).toBe('Use for <b>press</b> only.');
    expect(seen.items.map((item: { id: number }) => item.id)).toEqual(ids);
    expect((await raw(`/s/${token}/zip?grant=${encodeURIComponent(viewing)}`)).status).toBe(403);

    const grant = encodeURIComponent(await unlock(token));
    for (let i = 0; i < 25; i++) {
      const head = await raw(`/s/${token}/zip?grant=${grant}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
    }
    // A reader that takes the start, then hangs up. The server only knows what the socket took, so the zip is larger
    // than what the kernel's buffers hold on loopback (up to 32 MB received + 4 MB sent here).
    const big = await make({ maxDownloads: 3, from: { ids: [bigId] } });
    const bigGrant = encodeURIComponent(await unlock(big.token));
    await new Promise<void>((resolve, reject) => {
      const request = get(`${dam.url}/api/v1/s/${big.token}/zip?grant=${bigGrant}`, (response) => {
        response.once('data', () => {
          response.destroy();
          resolve();
        });
      });
      request.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await countOf(big.id)).toBe(0);
    const cut = await sam.get(`/shares/${big.id}`);
    expect(cut.body.downloads).toMatchObject([{ method: 'http-zip', completedAt: null, counted: false }]);
    await raw(`/s/${token}?grant=${grant}`).then((r) => r.text());
    expect(await countOf(id)).toBe(0);

    const zip = await raw(`/s/${token}/zip?grant=${grant}`);
    expect(zip.status).toBe(200);
    const body = Buffer.from(await zip.arrayBuffer());
    expect(body.length).toBe(Number(zip.headers.get('content-length')));
    const files = unzipSync(body);
    // A name with `../` and a line break becomes one harmless segment.
    expect(Object.keys(files).sort()).toEqual(['_evil__X-Injected_ 1.bin', 'notes.txt', 'photo.jpg']);
    expect(Buffer.from(files['photo.jpg'] as Uint8Array)).toEqual(bytes[0]);
    expect(await countOf(id)).toBe(1);
    const first = await dam.mail.waitFor((each) => each.subject.includes('was downloaded'));
    expect(first.to).toContain('sam@dam.example');
    const listed = await sam.get(`/shares/${id}`);
    expect(listed.body.downloads.filter((d: { counted: boolean }) => d.counted)).toHaveLength(1);
  });

  it('counts file-by-file downloads once every file reached its last byte; Range and Content-Disposition hold', async () => {
    const { id, token } = await make({ maxDownloads: 1 });
    const grant = encodeURIComponent(await unlock(token));
    const file = (assetId: number, headers: Record<string, string> = {}) =>
      raw(`/s/${token}/items/${assetId}/file?grant=${grant}`, { headers });
    const evil = await file(ids[2] as number);
    expect(evil.headers.get('content-disposition')).not.toMatch(/[\r\n]/);
    expect(evil.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''..%2Fevil%0D%0AX-Injected%3A%201.bin",
    );
    await evil.arrayBuffer();
    const start = await file(ids[0] as number, { range: 'bytes=0-999' });
    expect(start.status).toBe(206);
    await start.arrayBuffer();
    expect(await countOf(id)).toBe(0);
    const rest = await file(ids[0] as number, { range: 'bytes=1000-' });
    expect(Buffer.from(await rest.arrayBuffer())).toEqual((bytes[0] as Buffer).subarray(1000));
    expect(await countOf(id)).toBe(0);
    await (await file(ids[1] as number)).arrayBuffer();
    expect(await countOf(id)).toBe(1);
    // Exhausted: the spec's text and nothing else, page and files alike; the sharer is told.
    const after = await raw(`/s/${token}?grant=${grant}`);
    expect(after.status).toBe(410);
    expect((await after.json()).error.user_message).toBe(ASSET_MESSAGES.downloadMaximumReached);
    expect((await file(ids[1] as number)).status).toBe(410);
    await dam.mail.waitFor((each) => each.subject.includes('reached its download maximum'));
  });

  it('lets 10 parallel last downloads take exactly the maximum; the others get no whole zip', async () => {
    const { id, token } = await make({ maxDownloads: 4 });
    const grant = encodeURIComponent(await unlock(token));
    const results = await Promise.all(
      Array.from({ length: 10 }, async () => {
        try {
          const answer = await raw(`/s/${token}/zip?grant=${grant}`);
          if (answer.status !== 200) return 'refused';
          const body = Buffer.from(await answer.arrayBuffer());
          return body.length === Number(answer.headers.get('content-length')) ? 'whole' : 'cut';
        } catch {
          return 'cut';
        }
      }),
    );
    expect(results.filter((each) => each === 'whole')).toHaveLength(4);
    expect(await countOf(id)).toBe(4);
    const listed = await sam.get(`/shares/${id}`);
    expect(listed.body.state).toBe('exhausted');
    expect(listed.body.downloads.filter((d: { counted: boolean }) => d.counted)).toHaveLength(4);
  });

  it('answers an unknown, revoked or expired link alike, and never serves what is not in the share', async () => {
    const { id, token } = await make();
    const grant = encodeURIComponent(await unlock(token));
    expect((await raw(`/s/${token}/items/${secretId}/file?grant=${grant}`)).status).toBe(404);
    expect((await raw(`/s/${token}/items/999999/thumbnail?grant=${grant}`)).status).toBe(404);
    expect((await raw(`/s/${token}/items/..%2F..%2Fetc/file?grant=${grant}`)).status).toBe(400);
    // A grant of another share does not open this one.
    const other = await make();
    const otherGrant = encodeURIComponent(await unlock(other.token));
    expect((await raw(`/s/${token}/zip?grant=${otherGrant}`)).status).toBe(403);

    const answers: string[] = [];
    const probe = async (t: string) => {
      const answer = await raw(`/s/${t}`);
      expect(answer.status).toBe(410);
      const body = (await answer.json()) as { error: { code: string; user_message: string } };
      answers.push(JSON.stringify([body.error.code, body.error.user_message]));
    };
    await probe(randomBytes(32).toString('base64url'));
    await probe('x');
    expect((await sam.post(`/shares/${id}/revoke`)).status).toBe(200);
    await probe(token);
    await dam.services.db
      .updateTable('external_shares')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', other.id)
      .execute();
    await probe(other.token);
    expect(new Set(answers)).toEqual(new Set([JSON.stringify(['share_unavailable', MESSAGES.linkInvalid])]));
    // Someone else's share is not there for them.
    expect((await viewer.get(`/shares/${id}`)).status).toBe(404);
  });

  it('drops what was deleted or what the sharer may no longer share, and says how many are gone', async () => {
    const { token } = await make({ maxDownloads: null });
    const grant = encodeURIComponent(await unlock(token));
    await dam.services.db
      .updateTable('assets')
      .set({ status: 'trashed' })
      .where('id', '=', ids[1] as number)
      .execute();
    const seen = await (await raw(`/s/${token}?grant=${grant}`)).json();
    expect(seen.goneCount).toBe(1);
    expect(seen.items).toHaveLength(2);
    expect((await raw(`/s/${token}/items/${ids[1]}/file?grant=${grant}`)).status).toBe(404);
    await dam.services.db
      .updateTable('assets')
      .set({ status: 'active' })
      .where('id', '=', ids[1] as number)
      .execute();
    await dam.services.db
      .updateTable('acls')
      .set({ permissions: ['quickDownload'] })
      .where('name', '=', 'Lib')
      .execute();
    const lost = await (await raw(`/s/${token}?grant=${grant}`)).json();
    expect(lost.items).toHaveLength(0);
    expect(lost.goneCount).toBe(3);
    await dam.services.db
      .updateTable('acls')
      .set({ permissions: ['quickDownload', 'externalShare'] })
      .where('name', '=', 'Lib')
      .execute();
  });

  it('edits and extends a share; a new password ends the grants given under the old one', async () => {
    const { id, token } = await make({ password: 'first one' });
    const grant = await unlock(token, { password: 'first one', accept: true });
    const edited = await sam.put(`/shares/${id}`, {
      ...base({ name: 'Renamed', expiresOn: day(30), maxDownloads: 5 }),
      from: undefined,
      recipients: undefined,
      password: 'second one',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Renamed');
    expect(edited.body.maxDownloads).toBe(5);
    expect(await (await raw(`/s/${token}?grant=${encodeURIComponent(grant)}`)).json()).toEqual({
      locked: true,
    });
  });
});
