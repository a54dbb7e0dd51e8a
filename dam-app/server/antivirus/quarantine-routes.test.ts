import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../test-support/api-client.ts';
import { EICAR, type RunningClamd, startClamd } from '../test-support/clamd.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { scanUpload } from './antivirus-service.ts';

let clamd: RunningClamd;
beforeAll(async () => {
  clamd = await startClamd();
}, 40_000);
afterAll(() => clamd?.close());

describe.each(DATABASE_KINDS)('R-QUARANTINE on %s: the quarantine list, rescan and delete', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let uploaderId: number;

  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_CLAMD: clamd.socket, DAM_CLAMAV_DATABASE: clamd.database });
    admin = await dam.userClient('boss', { admin: true });
    await dam.userClient('uma');
    uploaderId = (
      await dam.services.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'uma')
        .executeTakeFirstOrThrow()
    ).id;
    await mkdir(join(dam.services.config.storageRoot, 'Library/In'), { recursive: true });
  });
  afterAll(() => dam.close());

  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let waited = 0; waited < 15_000; waited += 100) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(what);
  };
  /** An upload as the HTTP path hands it to the scan: staged, then scanned before it could become an asset. */
  async function upload(name: string, bytes: Buffer) {
    const staged = join(dam.home, `staged-${name}`);
    await writeFile(staged, bytes);
    return scanUpload(dam.services, {
      file: staged,
      path: `Library/In/${name}`,
      userId: uploaderId,
      via: 'http',
    })
      .then(() => staged)
      .catch(() => staged);
  }

  it('lists a quarantined upload; a rescan that finds it clean releases it into the library and tells people', async () => {
    await upload('flagged.bin', Buffer.concat([randomBytes(100), Buffer.from(EICAR)]));
    const listed = (await admin.get('/admin/quarantine')).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ path: 'Library/In/flagged.bin', result: 'infected', uploader: 'uma' });
    expect((await dam.client().get('/admin/quarantine')).status).toBe(401);

    // Still infected: a rescan keeps it quarantined.
    expect((await admin.post(`/admin/quarantine/${listed[0].id}/rescan`, {})).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await admin.get('/admin/quarantine')).body).toHaveLength(1);

    // The signatures no longer match (a false positive): the rescan releases it through the ingest.
    const row = await dam.services.db
      .selectFrom('upload_scans')
      .select('quarantine_path')
      .where('id', '=', listed[0].id)
      .executeTakeFirstOrThrow();
    const clean = randomBytes(5000);
    await writeFile(row.quarantine_path as string, clean);
    await admin.post(`/admin/quarantine/${listed[0].id}/rescan`, {});
    await until('the released file becomes an asset', async () =>
      Boolean(
        await dam.services.db
          .selectFrom('assets')
          .select('id')
          .where('path', '=', 'Library/In/flagged.bin')
          .executeTakeFirst(),
      ),
    );
    expect(
      (await readFile(join(dam.services.config.storageRoot, 'Library/In/flagged.bin'))).equals(clean),
    ).toBe(true);
    expect((await admin.get('/admin/quarantine')).body).toHaveLength(0);
    // The uploader and the administrators are told.
    for (const to of ['uma@dam.example', 'boss@dam.example'])
      await dam.mail.waitFor((mail) => mail.to.includes(to) && mail.subject.includes('was released'));
  });

  it('an upload let in unscanned while clamd was down is listed, and a rescan marks it clean', async () => {
    await clamd.stop();
    const bytes = randomBytes(3000);
    await writeFile(join(dam.services.config.storageRoot, 'Library/In/late.bin'), bytes);
    await scanUpload(dam.services, {
      file: join(dam.services.config.storageRoot, 'Library/In/late.bin'),
      path: 'Library/In/late.bin',
      userId: uploaderId,
      via: 'rapid',
    });
    await clamd.start();
    const listed = (await admin.get('/admin/quarantine')).body;
    expect(listed).toMatchObject([{ path: 'Library/In/late.bin', result: 'unscanned' }]);
    await admin.post(`/admin/quarantine/${listed[0].id}/rescan`, {});
    await until(
      'the rescan marks it clean',
      async () => (await admin.get('/admin/quarantine')).body.length === 0,
    );
  });

  it('delete removes a quarantined file for good', async () => {
    await upload('bad.bin', Buffer.from(EICAR));
    const [item] = (await admin.get('/admin/quarantine')).body;
    const row = await dam.services.db
      .selectFrom('upload_scans')
      .select('quarantine_path')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect((await admin.delete(`/admin/quarantine/${item.id}`)).status).toBe(200);
    await expect(stat(row.quarantine_path as string)).rejects.toThrow();
    expect((await admin.get('/admin/quarantine')).body).toHaveLength(0);
    expect((await admin.delete(`/admin/quarantine/${item.id}`)).status).toBe(404);
  });
});
