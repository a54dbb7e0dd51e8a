import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectApi } from '../daemon/app.ts';
import { PAGE, startTestDaemon } from '../daemon/test-daemon.ts';
import { listenLocal } from '../http/listen-local.ts';
import { decryptSessionText, encryptSessionText } from '../legacy/aes-ofb.ts';
import { createLegacyApp } from '../legacy/legacy-app.ts';
import { SessionRegistry } from '../legacy/session-registry.ts';
import { createDriveApi } from './drive-app.ts';
import { DriveService } from './drive-service.ts';
import { HttpDriveServer } from './http-drive-server.ts';
import { startTestDoubleDriveHttpServer } from './test-double-drive-http-server.ts';

let daemon: Awaited<ReturnType<typeof startTestDaemon>>;
let close: (() => Promise<void>) | undefined;
let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  await closeServer?.();
  await daemon?.close();
});

const SESSION = { id: 'drive-session-1', key: 'k'.repeat(32) };

describe('Drive API over the legacy session protocol', () => {
  it('lists accounts, checks a file out with its lock, checks it in as a new version, and reverts', async () => {
    daemon = await startTestDaemon();
    const serverFolder = join(daemon.dir, 'server');
    await mkdir(serverFolder);
    await writeFile(join(serverFolder, 'brief.txt'), 'version 1');
    await writeFile(join(serverFolder, 'logo.svg'), '<svg/>');
    const server = await startTestDoubleDriveHttpServer(serverFolder, 'secret-token');
    closeServer = server.close;
    daemon.daemon.settings.update((current) => ({
      ...current,
      drive_accounts: [{ id: 'dam', name: 'DAM', url: server.url, token: 'secret-token' }],
    }));
    const drive = new DriveService(
      daemon.daemon.settings,
      new HttpDriveServer(),
      join(daemon.dir, 'drive.json'),
    );
    const sessions = new SessionRegistry();
    sessions.add(SESSION.id, SESSION.key);
    const app = createLegacyApp(
      createDriveApi(drive, daemon.daemon.trust, createConnectApi(daemon.daemon)),
      sessions,
    );
    const http = await listenLocal(app, 0, 1);
    close = http.close;
    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await fetch(`http://localhost:${http.port}/v6${path}`, {
        method,
        headers: { origin: PAGE, 'x-aspera-session-id': SESSION.id, ...headers },
        body: body === undefined ? undefined : encryptSessionText(JSON.stringify(body), SESSION.key),
      });
      const text = await response.text();
      const plain = response.status === 200 ? decryptSessionText(text, SESSION.key) : text;
      // biome-ignore lint/suspicious/noExplicitAny: tests read reply fields directly and assert on them
      return { status: response.status, body: JSON.parse(plain) as any };
    };

    // The SDK finds the Drive port with Connect's ping and waits on Connect's ready call.
    const ping = await fetch(`http://localhost:${http.port}/v5/connect/info/ping`, {
      headers: { origin: PAGE },
    });
    expect(ping.status).toBe(200);
    expect((await call('GET', '/connect/info/ready')).status).toBe(200);
    expect((await call('GET', '/account')).body).toEqual({
      accounts: [{ id: 'dam', name: 'DAM', url: server.url }],
    });
    expect((await call('GET', '/account/nope')).status).toBe(404);
    const out = await call('POST', '/checkouts', { id_path: ['/dam/brief.txt', '/dam/logo.svg'] });
    expect(out.status).toBe(200);
    const [brief, logo] = out.body.checkouts;
    expect(brief).toMatchObject({
      account_id: 'dam',
      name: 'brief.txt',
      filelock: { file_id: 'brief.txt', created_by_type: 'user' },
    });
    expect(await readFile(brief.path, 'utf8')).toBe('version 1');
    expect(server.locks).toEqual(new Set(['brief.txt', 'logo.svg']));
    const again = await call('POST', '/checkouts', { id_path: ['/dam/brief.txt'] });
    expect(again.status).toBe(502);
    expect(again.body.error.user_message).toBe('DAM: brief.txt is already checked out.');

    await writeFile(brief.path, 'version 2');
    expect((await call('DELETE', '/checkouts', { checkout_ids: [brief.checkout_id] })).status).toBe(200);
    expect(server.versions).toEqual([{ fileId: 'brief.txt', content: 'version 2' }]);
    const reverted = await call('REVERT', '/checkouts', { checkout_ids: [logo.checkout_id] });
    expect(reverted.status).toBe(200);
    await expect(readFile(logo.path)).rejects.toThrow();
    expect(server.locks.size).toBe(0);
    expect((await call('GET', '/checkouts')).body).toEqual({ checkouts: [] });
    expect((await call('GET', '/account', undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('GET', '/account', undefined, { 'x-aspera-session-id': 'guessed' })).status).toBe(401);
  });
});
