import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../assets/ingest.ts';
import { reconcile } from '../assets/reconcile.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';

/**
 * Links someone placed in storage (a shell on the server, a share mounted elsewhere) lead nowhere: not into another
 * ACL's folder, not out of the storage root, whether the link is the last part of a path or one in the middle.
 */
describe.each(DATABASE_KINDS)('symbolic links in storage on %s', (kind) => {
  let dam: TestDam;
  let carlos: ApiClient;
  let outside: string;
  let root: string;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    root = dam.services.config.storageRoot;
    carlos = await aclUser(dam, 'carlos', 'Library');
    outside = await mkdtemp(join(tmpdir(), 'rapid-dam-outside-'));
    await writeFile(join(outside, 'far.txt'), 'far away');
    await mkdir(join(root, 'Secret'), { recursive: true });
    await writeFile(join(root, 'Secret/plan.txt'), 'the plan');
    await mkdir(join(root, 'Library/Drop'), { recursive: true });
    await writeFile(join(root, 'Library/Drop/own.txt'), 'mine');
    // Another ACL's folder, a file outside the root, a directory outside the root.
    await symlink(join(root, 'Secret'), join(root, 'Library/to-secret'));
    await symlink(join(outside, 'far.txt'), join(root, 'Library/Drop/far.txt'));
    await symlink(outside, join(root, 'Library/outdir'));
  });
  afterAll(async () => {
    await dam?.close();
    await rm(outside, { recursive: true, force: true });
  });

  const get = (path: string) =>
    fetch(`${dam.url}/api/v1${path}`, { headers: { cookie: carlos.cookie ?? '' } });

  it.each([
    ['a link to another ACL’s folder, in the middle of the path', 'to-secret/plan.txt'],
    ['a link to a file outside the root', 'Drop/far.txt'],
    ['a linked directory outside the root, in the middle of the path', 'outdir/far.txt'],
  ])('a download through %s is refused', async (_, path) => {
    const answer = await get(`/files/content?path=${encodeURIComponent(path)}`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toMatch(/plan|far away/);
  });

  it.each([['to-secret'], ['outdir'], ['Drop/far.txt'], ['to-secret/plan.txt']])(
    'a zip of %s is refused',
    async (path) => {
      expect((await get(`/files/zip?path=${encodeURIComponent(path)}`)).status).toBe(404);
    },
  );

  it('a zip of a folder holding links leaves the links out', async () => {
    const answer = await get(`/files/zip?path=${encodeURIComponent('Drop')}`);
    expect(answer.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['Drop/own.txt']);
  });

  it.each([['to-secret'], ['outdir']])(
    'a tus upload into %s is refused and writes nothing',
    async (destPath) => {
      const tus = tusDriver(dam.url, carlos);
      expect((await tus.create(5, { filename: 'x.txt', destPath })).status).toBe(404);
      expect(await readdir(join(root, 'Secret'))).toEqual(['plan.txt']);
      expect(await readdir(outside)).toEqual(['far.txt']);
    },
  );

  it('a tus upload whose folder became a link before it finished writes nothing there', async () => {
    await mkdir(join(root, 'Library/Later'), { recursive: true });
    const tus = tusDriver(dam.url, carlos);
    const data = randomBytes(1000);
    const created = await tus.create(data.byteLength, { filename: 'late.bin', destPath: 'Later' });
    expect(created.status).toBe(201);
    await rename(join(root, 'Library/Later'), join(root, 'Library/Later-was'));
    await symlink(outside, join(root, 'Library/Later'));
    const done = await tus.patch(created.location, 0, data);
    expect(done.status).toBe(404);
    expect(await readdir(outside)).toEqual(['far.txt']);
  });

  it('ingest refuses a path that is or goes through a link', async () => {
    for (const path of ['Library/Drop/far.txt', 'Library/to-secret/plan.txt', 'Library/outdir/far.txt'])
      await expect(ingestFile(dam.services, path), path).rejects.toThrow();
  });

  it('reconcile ingests no link and reports each one it refused', async () => {
    const report = await reconcile(dam.services, 'Library');
    expect(report.refusedLinks.sort()).toEqual([
      'Library/Drop/far.txt',
      'Library/Later',
      'Library/outdir',
      'Library/to-secret',
    ]);
    const paths = (await dam.services.db.selectFrom('assets').select('path').execute()).map(
      (row) => row.path,
    );
    expect(paths).toContain('Library/Drop/own.txt');
    expect(paths.filter((path) => /to-secret|outdir|far\.txt|Later\//.test(path))).toEqual([]);
  });

  it('an asset whose file was replaced by a link answers 404, never the link’s target', async () => {
    const path = 'Library/Drop/swapped.txt';
    await writeFile(join(root, path), 'original bytes');
    const asset = await ingestFile(dam.services, path);
    await rm(join(root, path));
    await symlink(join(outside, 'far.txt'), join(root, path));
    const answer = await get(`/assets/${asset.id}/original`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('far away');
  });

  it('a folder copy leaves the links inside it behind', async () => {
    const source = await ensureFolderRow(dam.services.db, 'Library/Drop');
    const target = await ensureFolderRow(dam.services.db, 'Library/Later-was');
    const answer = await carlos.post(`/folders/${source}/copy`, { destinationId: target });
    expect(answer.status).toBeLessThan(300);
    const copied = await readdir(join(root, 'Library/Later-was/Drop'), { withFileTypes: true });
    expect(copied.filter((entry) => entry.isSymbolicLink())).toEqual([]);
    expect(copied.map((entry) => entry.name)).toContain('own.txt');
  });
});
