import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { ingestFile } from '../assets/ingest.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { type RunningSshd, SSHD_SKIP_REASON, startSshd } from '../test-support/sshd-server.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

// One real OpenSSH sshd for the file (root only: it runs sshd and signs in as a test user it makes).
let sshd: RunningSshd;
beforeAll(async () => {
  if (!SSHD_SKIP_REASON) sshd = await startSshd();
}, 30_000);
afterAll(() => sshd?.close());

describe.skipIf(SSHD_SKIP_REASON).each(DATABASE_KINDS)(
  'R-REMOTE-SFTP: SFTP servers on %s, against a real OpenSSH sshd',
  (kind) => {
    let dam: TestDam;
    let admin: ApiClient;
    let serverId: number;
    const files = [randomBytes(400_000), randomBytes(90_000)];
    const out = () => join(sshd.data, kind, 'out');

    beforeAll(async () => {
      dam = await startTestDam(kind);
      admin = await dam.userClient('boss', { admin: true });
      await mkdir(join(dam.services.config.storageRoot, 'Library/Out'), { recursive: true });
      await mkdir(join(dam.services.config.storageRoot, 'Library/In'), { recursive: true });
    });
    afterAll(() => dam.close());

    async function finished(id: number) {
      for (let waited = 0; waited < 20_000; waited += 100) {
        const transfer = (await admin.get(`/admin/remote-transfers/${id}`)).body;
        if (transfer.state === 'done' || transfer.state === 'failed') return transfer;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`transfer ${id} did not end`);
    }
    const server = async (id: number) =>
      (await admin.get('/admin/remote-servers')).body.find((each: { id: number }) => each.id === id);
    const base = () => ({
      name: `Studio ${kind}`,
      protocol: 'sftp',
      address: `127.0.0.1:${sshd.port}`,
      username: sshd.user,
      destination: out(),
      pcFormat: true,
    });

    it('saves an SFTP server, password sealed; a wrong password gives the connection text; SSH’s port by default', async () => {
      const bad = await admin.post('/admin/remote-servers', { ...base(), password: 'wrong-password' });
      expect(bad.status).toBe(201);
      expect(bad.body).toMatchObject({ protocol: 'sftp', hostKey: null, hasPrivateKey: false });
      serverId = bad.body.id;
      const refused = await admin.post(`/admin/remote-servers/${serverId}/test`, {});
      expect(refused.status).toBe(502);
      expect(refused.body.error.user_message).toBe(MESSAGES.remoteConnectFailed);
      // No host key is recorded from a connection that did not sign in.
      expect((await server(serverId)).hostKey).toBeNull();

      await admin.put(`/admin/remote-servers/${serverId}`, { ...base(), password: sshd.password });
      const stored = await dam.services.db
        .selectFrom('remote_servers')
        .select('password_sealed')
        .where('id', '=', serverId)
        .executeTakeFirstOrThrow();
      expect(stored.password_sealed).not.toContain(sshd.password);
      expect(JSON.stringify((await admin.get('/admin/remote-servers')).body)).not.toContain(sshd.password);

      const noPort = await admin.post('/admin/remote-servers', {
        ...base(),
        name: `Default port ${kind}`,
        address: 'sftp.example.com',
        password: 'x',
      });
      expect(noPort.body.address).toBe('sftp.example.com:22');
      const nobody = await admin.post('/admin/remote-servers', {
        ...base(),
        name: `Nobody ${kind}`,
        address: '127.0.0.1:9',
        password: 'x',
      });
      expect(
        (await admin.post(`/admin/remote-servers/${nobody.body.id}/test`, {})).body.error.user_message,
      ).toBe(MESSAGES.remoteConnectFailed);
    });

    it('delivers assets as a job: the bytes on the SFTP server are the originals’, and the host key is recorded', async () => {
      const ids: number[] = [];
      for (const [index, name] of ['cover.bin', 'what <now>?.bin'].entries()) {
        await writeFile(join(dam.services.config.storageRoot, 'Library/Out', name), files[index] as Buffer);
        ids.push((await ingestFile(dam.services, `Library/Out/${name}`)).id);
      }
      const queued = await admin.post('/admin/remote-transfers/deliver', { serverId, assetIds: ids });
      expect(queued.status).toBe(202);
      const done = await finished(queued.body.id);
      expect(done).toMatchObject({ state: 'done', filesTotal: 2, filesDone: 2, error: null });
      expect(done.bytesDone).toBe((files[0] as Buffer).length + (files[1] as Buffer).length);
      expect((await readdir(out())).sort()).toEqual(['cover.bin', 'what _now__.bin']);
      expect((await readFile(join(out(), 'cover.bin'))).equals(files[0] as Buffer)).toBe(true);
      expect((await readFile(join(out(), 'what _now__.bin'))).equals(files[1] as Buffer)).toBe(true);
      // Written by the test user over SFTP, not by this (root) process.
      expect((await stat(join(out(), 'cover.bin'))).uid).not.toBe(0);
      expect((await server(serverId)).hostKey).toBe(await sshd.hostKey());
      expect((await admin.post(`/admin/remote-servers/${serverId}/test`, {})).status).toBe(200);
    });

    it('imports a remote folder over SFTP into the library: the files become assets, bytes equal', async () => {
      const remote = join(out(), 'drop');
      await mkdir(remote);
      await writeFile(join(remote, 'photo.bin'), files[1] as Buffer);
      await writeFile(join(remote, '.hidden'), 'x');
      await mkdir(join(remote, 'sub'));
      const queued = await admin.post('/admin/remote-transfers/import', {
        serverId,
        remotePath: 'drop',
        folderPath: 'Library/In',
      });
      expect(queued.status).toBe(202);
      expect(await finished(queued.body.id)).toMatchObject({ state: 'done', filesTotal: 1, filesDone: 1 });
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
      expect(
        (await readFile(join(dam.services.config.storageRoot, 'Library/In/photo.bin'))).equals(
          files[1] as Buffer,
        ),
      ).toBe(true);
    });

    it('signs in with a private key alone, sealed at rest; an unreadable key or a key on FTP is refused', async () => {
      const keyed = await admin.post('/admin/remote-servers', {
        ...base(),
        name: `Keyed ${kind}`,
        privateKey: sshd.privateKey,
      });
      expect(keyed.status).toBe(201);
      expect(keyed.body.hasPrivateKey).toBe(true);
      expect(JSON.stringify(keyed.body)).not.toContain('PRIVATE KEY');
      const row = await dam.services.db
        .selectFrom('remote_servers')
        .select(['password_sealed', 'private_key_sealed'])
        .where('id', '=', keyed.body.id)
        .executeTakeFirstOrThrow();
      expect(row.password_sealed).toBeNull();
      expect(row.private_key_sealed).not.toContain('PRIVATE KEY');
      expect((await admin.post(`/admin/remote-servers/${keyed.body.id}/test`, {})).status).toBe(200);

      const unreadable = await admin.post('/admin/remote-servers', {
        ...base(),
        name: `Bad key ${kind}`,
        privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----\n',
      });
      expect(unreadable.status).toBe(400);
      expect(unreadable.body.error.fields.privateKey).toBe(MESSAGES.remoteKeyInvalid);
      const onFtp = await admin.post('/admin/remote-servers', {
        ...base(),
        protocol: 'ftp',
        name: `Ftp key ${kind}`,
        password: 'x',
        privateKey: sshd.privateKey,
      });
      expect(onFtp.body.error.fields.privateKey).toBe(MESSAGES.remoteKeyOnlySftp);
      const neither = await admin.post('/admin/remote-servers', { ...base(), name: `Neither ${kind}` });
      expect(neither.body.error.fields.password).toBe(MESSAGES.remotePasswordOrKey);
    });

    it('a changed host key refuses every connection with its text until an administrator forgets the recorded key', async () => {
      const recorded = (await server(serverId)).hostKey;
      await sshd.newHostKey();
      const changed = await admin.post(`/admin/remote-servers/${serverId}/test`, {});
      expect(changed.status).toBe(502);
      expect(changed.body.error.code).toBe('remote_host_key_changed');
      expect(changed.body.error.user_message).toBe(MESSAGES.remoteHostKeyChanged);
      const asset = await dam.services.db.selectFrom('assets').select('id').executeTakeFirstOrThrow();
      const queued = await admin.post('/admin/remote-transfers/deliver', { serverId, assetIds: [asset.id] });
      expect(await finished(queued.body.id)).toMatchObject({
        state: 'failed',
        error: MESSAGES.remoteHostKeyChanged,
      });
      expect((await server(serverId)).hostKey).toBe(recorded);

      expect((await admin.post(`/admin/remote-servers/${serverId}/forget-host-key`, {})).status).toBe(200);
      expect((await server(serverId)).hostKey).toBeNull();
      expect((await admin.post(`/admin/remote-servers/${serverId}/test`, {})).status).toBe(200);
      expect((await server(serverId)).hostKey).toBe(await sshd.hostKey());
      expect((await server(serverId)).hostKey).not.toBe(recorded);
      // Another address is another machine: its key is recorded anew.
      await admin.put(`/admin/remote-servers/${serverId}`, { ...base(), address: `localhost:${sshd.port}` });
      expect((await server(serverId)).hostKey).toBeNull();
    });
  },
);
