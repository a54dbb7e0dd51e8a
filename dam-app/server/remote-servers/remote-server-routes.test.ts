import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { REMOTE_EXAMPLE_ADDRESS } from '../../api/remote-servers.ts';
import { ingestFile } from '../assets/ingest.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { EICAR, type RunningClamd, startClamd } from '../test-support/clamd.ts';
import { type RunningFtpServer, startFtpServer } from '../test-support/ftp-server.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

// One real FTP server (pyftpdlib) and one real clamd for the file.
let ftp: RunningFtpServer;
let clamd: RunningClamd;
beforeAll(async () => {
  [ftp, clamd] = await Promise.all([startFtpServer(), startClamd()]);
}, 40_000);
afterAll(async () => {
  await ftp?.close();
  await clamd?.close();
});

describe.each(DATABASE_KINDS)('R-REMOTE-SERVERS: FTP servers on %s, against a real FTP server', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let serverId: number;
  const files = [randomBytes(300_000), randomBytes(70_000)];

  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_CLAMD: clamd.socket, DAM_CLAMAV_DATABASE: clamd.database });
    admin = await dam.userClient('boss', { admin: true });
    await mkdir(join(dam.services.config.storageRoot, 'Library/Out'), { recursive: true });
    await mkdir(join(dam.services.config.storageRoot, 'Library/In'), { recursive: true });
  });
  afterAll(() => dam.close());

  /** Waits for a transfer to end and answers it. */
  async function finished(id: number) {
    for (let waited = 0; waited < 20_000; waited += 100) {
      const transfer = (await admin.get(`/admin/remote-transfers/${id}`)).body;
      if (transfer.state === 'done' || transfer.state === 'failed') return transfer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`transfer ${id} did not end`);
  }

  it('saves a server with its password sealed at rest and never answered; a wrong password gives the connection text', async () => {
    const base = {
      name: `Printer ${kind}`,
      address: `127.0.0.1:${ftp.port}`,
      username: ftp.user,
      destination: `/${kind}/out`,
      description: 'The print shop',
      pcFormat: true,
    };
    expect((await admin.post('/admin/remote-servers', base)).body.error.fields.password).toBe(
      MESSAGES.passwordEmpty,
    );
    const bad = await admin.post('/admin/remote-servers', { ...base, password: 'wrong-password' });
    expect(bad.status).toBe(201);
    expect(JSON.stringify(bad.body)).not.toContain('wrong-password');
    expect(bad.body.address).toBe(`127.0.0.1:${ftp.port}`);
    serverId = bad.body.id;
    const stored = await dam.services.db
      .selectFrom('remote_servers')
      .select('password_sealed')
      .where('id', '=', serverId)
      .executeTakeFirstOrThrow();
    expect(stored.password_sealed).not.toContain('wrong-password');

    const refused = await admin.post(`/admin/remote-servers/${serverId}/test`, {});
    expect(refused.status).toBe(502);
    expect(refused.body.error.user_message).toBe(MESSAGES.remoteConnectFailed);

    // Left out keeps the stored password; a new one replaces it.
    const kept = await admin.put(`/admin/remote-servers/${serverId}`, base);
    expect(kept.status).toBe(200);
    expect((await admin.post(`/admin/remote-servers/${serverId}/test`, {})).status).toBe(502);
    await admin.put(`/admin/remote-servers/${serverId}`, { ...base, password: ftp.password });
    // Signed in, but the destination is not there yet: that too is a detail to mend.
    expect((await admin.post(`/admin/remote-servers/${serverId}/test`, {})).status).toBe(502);
    await mkdir(join(ftp.root, kind, 'out'), { recursive: true });
    expect((await admin.post(`/admin/remote-servers/${serverId}/test`, {})).status).toBe(200);
    expect(JSON.stringify((await admin.get('/admin/remote-servers')).body)).not.toContain(ftp.password);

    // Nobody listens on the port: the same text. The example address parses (its port, 55555).
    const closed = await admin.post('/admin/remote-servers', {
      ...base,
      name: `Nowhere ${kind}`,
      address: '127.0.0.1:9',
      password: 'x',
    });
    expect(
      (await admin.post(`/admin/remote-servers/${closed.body.id}/test`, {})).body.error.user_message,
    ).toBe(MESSAGES.remoteConnectFailed);
    const example = await admin.post('/admin/remote-servers', {
      ...base,
      name: `Example ${kind}`,
      address: REMOTE_EXAMPLE_ADDRESS,
      password: 'x',
    });
    expect(example.body.address).toBe('ftp.example.com:55555');
    expect(
      (await admin.post('/admin/remote-servers', { ...base, address: 'a b:1', password: 'x' })).body.error
        .user_message,
    ).toBe(MESSAGES.remoteAddressInvalid);
    expect((await admin.post('/admin/remote-servers', { ...base, password: 'x' })).status).toBe(409);
  });

  it('delivers assets as a job with progress: the bytes on the FTP server are the originals’, names in PC format', async () => {
    const ids: number[] = [];
    for (const [index, name] of ['cover.bin', 'what <now>?.bin'].entries()) {
      await writeFile(join(dam.services.config.storageRoot, 'Library/Out', name), files[index] as Buffer);
      ids.push((await ingestFile(dam.services, `Library/Out/${name}`)).id);
    }
    const missing = await admin.post('/admin/remote-transfers/deliver', { assetIds: ids });
    expect(missing.status).toBe(400);
    expect(missing.body.error.user_message).toBe(MESSAGES.sourceUrlRequired);

    const queued = await admin.post('/admin/remote-transfers/deliver', { serverId, assetIds: ids });
    expect(queued.status).toBe(202);
    const done = await finished(queued.body.id);
    expect(done).toMatchObject({ state: 'done', filesTotal: 2, filesDone: 2, error: null });
    expect(done.bytesDone).toBe((files[0] as Buffer).length + (files[1] as Buffer).length);
    const out = join(ftp.root, kind, 'out');
    expect((await readdir(out)).sort()).toEqual(['cover.bin', 'what _now__.bin']);
    expect((await readFile(join(out, 'cover.bin'))).equals(files[0] as Buffer)).toBe(true);
    expect((await readFile(join(out, 'what _now__.bin'))).equals(files[1] as Buffer)).toBe(true);
  });

  it('imports a remote folder through the antivirus and the ingest: clean files become assets, EICAR is refused', async () => {
    const remote = join(ftp.root, kind, 'out', 'drop');
    await mkdir(remote, { recursive: true });
    await writeFile(join(remote, 'photo.bin'), files[0] as Buffer);
    await writeFile(join(remote, 'bad.bin'), Buffer.concat([randomBytes(500), Buffer.from(EICAR)]));
    await writeFile(join(remote, '.hidden'), 'x');
    const missing = await admin.post('/admin/remote-transfers/import', {
      remotePath: 'drop',
      folderPath: 'Library/In',
    });
    expect(missing.body.error.user_message).toBe(MESSAGES.sourceUrlRequired);
    const queued = await admin.post('/admin/remote-transfers/import', {
      serverId,
      remotePath: 'drop',
      folderPath: 'Library/In',
    });
    expect(queued.status).toBe(202);
    const done = await finished(queued.body.id);
    expect(done).toMatchObject({ state: 'done', filesTotal: 2, filesDone: 1, filesRefused: 1 });
    let asset: { path: string } | undefined;
    for (let waited = 0; !asset && waited < 10_000; waited += 100) {
      asset = await dam.services.db
        .selectFrom('assets')
        .select('path')
        .where('path', 'like', 'Library/In/%')
        .executeTakeFirst();
      if (!asset) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(asset?.path).toBe('Library/In/photo.bin');
    const library = await readdir(join(dam.services.config.storageRoot, 'Library/In'));
    expect(library).toEqual(['photo.bin']);
    expect(
      (await readFile(join(dam.services.config.storageRoot, 'Library/In/photo.bin'))).equals(
        files[0] as Buffer,
      ),
    ).toBe(true);
    const scans = await dam.services.db
      .selectFrom('upload_scans')
      .select(['path', 'result', 'via'])
      .execute();
    expect(scans).toContainEqual({ path: 'Library/In/bad.bin', result: 'infected', via: 'remote' });
  });

  it('a transfer to a server that refuses the sign-in ends failed with the connection text', async () => {
    const wrong = await admin.post('/admin/remote-servers', {
      name: `Wrong ${kind}`,
      address: `127.0.0.1:${ftp.port}`,
      username: ftp.user,
      password: 'not-it',
    });
    const asset = await dam.services.db.selectFrom('assets').select('id').executeTakeFirstOrThrow();
    const queued = await admin.post('/admin/remote-transfers/deliver', {
      serverId: wrong.body.id,
      assetIds: [asset.id],
    });
    expect(await finished(queued.body.id)).toMatchObject({
      state: 'failed',
      error: MESSAGES.remoteConnectFailed,
    });
    expect((await admin.get('/admin/remote-transfers')).body.length).toBeGreaterThanOrEqual(3);
  });
});
