import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../test-support/api-client.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe('Standard Download (HTTP)', () => {
  let dam: TestDam;
  let ellen: ApiClient;
  let viewer: ApiClient;
  const photo = randomBytes(200_000);
  beforeAll(async () => {
    dam = await startTestDam('pglite');
    const admin = await dam.userClient('boss', { admin: true });
    const users = await admin.post('/admin/groups', { name: 'Users' });
    const lookers = await admin.post('/admin/groups', { name: 'Lookers' });
    await admin.post('/admin/acls', {
      name: 'Lib',
      rootPath: 'Library',
      permissions: ['quickDownload'],
      groupIds: [users.body.id],
    });
    await admin.post('/admin/acls', {
      name: 'Look',
      rootPath: 'Library',
      permissions: ['facet browsing'],
      groupIds: [lookers.body.id],
    });
    ellen = await dam.userClient('ellen', { groupNames: ['Users'] });
    viewer = await dam.userClient('vic', { groupNames: ['Lookers'] });
    const root = dam.services.config.storageRoot;
    await mkdir(join(root, 'Library/Shoot/raw'), { recursive: true });
    await mkdir(join(root, 'Secret'), { recursive: true });
    await writeFile(join(root, 'Library/Shoot/été.jpg'), photo);
    await writeFile(join(root, 'Library/Shoot/raw/a.txt'), 'alpha');
    await writeFile(join(root, 'Library/Shoot/empty.txt'), '');
    await writeFile(join(root, 'Secret/plan.pdf'), 'secret');
  });
  afterAll(() => dam.close());

  const get = (client: ApiClient, path: string, headers: Record<string, string> = {}) =>
    fetch(`${dam.url}/api/v1${path}`, { headers: { cookie: client.cookie ?? '', ...headers } });

  it('sends one file whole, with its name, and resumes it from a byte offset', async () => {
    const whole = await get(ellen, `/files/content?path=${encodeURIComponent('Shoot/été.jpg')}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="_t_.jpg"; filename*=UTF-8''%C3%A9t%C3%A9.jpg`,
    );
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(photo);

    const etag = whole.headers.get('etag') ?? '';
    const rest = await get(ellen, `/files/content?path=${encodeURIComponent('Shoot/été.jpg')}`, {
      range: 'bytes=150000-',
      'if-range': etag,
    });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe('bytes 150000-199999/200000');
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(photo.subarray(150_000));

    const changed = await get(ellen, `/files/content?path=${encodeURIComponent('Shoot/été.jpg')}`, {
      range: 'bytes=150000-',
      'if-range': '"stale"',
    });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
    const beyond = await get(ellen, `/files/content?path=${encodeURIComponent('Shoot/été.jpg')}`, {
      range: 'bytes=300000-',
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */200000');
    const empty = await get(ellen, '/files/content?path=Shoot/empty.txt');
    expect([empty.status, (await empty.arrayBuffer()).byteLength]).toEqual([200, 0]);
  });

  it('zips folders and files, streamed, with the exact length announced first', async () => {
    const response = await get(
      ellen,
      '/files/zip?path=Shoot/raw&path=Shoot/%C3%A9t%C3%A9.jpg&name=Shoot.zip',
    );
    expect(response.status).toBe(200);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    const files = unzipSync(body);
    expect(Object.keys(files).sort()).toEqual(['raw/a.txt', 'été.jpg']);
    expect(Buffer.from(files['été.jpg'] as Uint8Array)).toEqual(photo);
    expect(Buffer.from(files['raw/a.txt'] as Uint8Array).toString()).toBe('alpha');
  });

  it('resumes a zip with Range: the parts put together are the whole zip, and a changed file restarts it', async () => {
    const zipPath = '/files/zip?path=Shoot/raw&path=Shoot/%C3%A9t%C3%A9.jpg&name=Shoot.zip';
    const whole = await get(ellen, zipPath);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const etag = whole.headers.get('etag') ?? '';
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const cut = 70_001;
    const first = await get(ellen, zipPath, { range: `bytes=0-${cut - 1}` });
    const rest = await get(ellen, zipPath, { range: `bytes=${cut}-`, 'if-range': etag });
    expect([first.status, rest.status]).toEqual([206, 206]);
    expect(rest.headers.get('content-range')).toBe(
      `bytes ${cut}-${bytes.byteLength - 1}/${bytes.byteLength}`,
    );
    const joined = Buffer.concat([
      Buffer.from(await first.arrayBuffer()),
      Buffer.from(await rest.arrayBuffer()),
    ]);
    expect(joined.equals(Buffer.from(bytes))).toBe(true);
    const stale = await get(ellen, zipPath, { range: `bytes=${cut}-`, 'if-range': '"stale"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('never leaves the ACL root', async () => {
    for (const path of ['../Secret/plan.pdf', '/Secret/plan.pdf', 'Shoot/../../Secret/plan.pdf'])
      expect((await get(ellen, `/files/content?path=${encodeURIComponent(path)}`)).status).toBe(404);
    expect((await get(ellen, '/files/zip?path=../Secret')).status).toBe(404);
    expect((await get(ellen, '/files/content?path=Shoot/missing.jpg')).status).toBe(404);
  });

  it('needs a download permission', async () => {
    expect((await get(viewer, '/files/content?path=Shoot/raw/a.txt')).status).toBe(403);
    expect((await get(viewer, '/files/zip?path=Shoot')).status).toBe(403);
    expect((await fetch(`${dam.url}/api/v1/files/content?path=Shoot/raw/a.txt`)).status).toBe(401);
  });
});
