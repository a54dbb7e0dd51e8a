import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { driveAccount } from '@rapid/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpDriveServer } from './http-drive-server.ts';
import { startTestDoubleDriveHttpServer } from './test-double-drive-http-server.ts';

let dir: string;
const cleanups: (() => Promise<void>)[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rapid-drive-'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function serverWithFile(content: string) {
  await writeFile(join(dir, 'brief.txt'), content);
  const server = await startTestDoubleDriveHttpServer(dir, 'secret');
  cleanups.push(server.close);
  return server;
}

/** A raw server for replies the Drive server API never allows: the connector must survive them. */
async function rawServer(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('HttpDriveServer', () => {
  it('locks, downloads, uploads a version and unlocks with the account token', async () => {
    const server = await serverWithFile('v1');
    const account = { id: 'dam', name: 'DAM', url: server.url, token: 'secret' };
    const drive = new HttpDriveServer();
    const { name, lock } = await drive.lock(account, 'brief.txt');
    expect(name).toBe('brief.txt');
    expect(lock.file_id).toBe('brief.txt');
    const target = join(dir, 'local.txt');
    await drive.download(account, 'brief.txt', target);
    expect(await readFile(target, 'utf8')).toBe('v1');
    await writeFile(target, 'v2 with more bytes');
    await drive.uploadVersion(account, 'brief.txt', target);
    expect(server.versions).toEqual([{ fileId: 'brief.txt', content: 'v2 with more bytes' }]);
    await drive.unlock(account, 'brief.txt');
    expect(server.locks.size).toBe(0);
    expect(server.requests).toEqual([
      'POST /api/files/brief.txt/lock',
      'GET /api/files/brief.txt/content',
      'POST /api/files/brief.txt/versions',
      'DELETE /api/files/brief.txt/lock',
    ]);
  });

  it("reports the server's own message, and a wrong token as a sign-in failure", async () => {
    const server = await serverWithFile('v1');
    const drive = new HttpDriveServer();
    await expect(
      drive.lock({ id: 'dam', name: 'DAM', url: server.url, token: 'wrong' }, 'brief.txt'),
    ).rejects.toThrow('DAM: Sign in again.');
    await expect(
      drive.lock({ id: 'dam', name: 'DAM', url: server.url, token: 'secret' }, 'nope'),
    ).rejects.toThrow('DAM: No file nope.');
  });

  it('names the server it cannot reach', async () => {
    const url = await rawServer(() => undefined);
    await Promise.all(cleanups.splice(0).map((close) => close()));
    await expect(new HttpDriveServer().lock({ id: 'a', name: 'Archive', url }, 'f')).rejects.toThrow(
      /^Cannot reach Archive \(http:\/\/127\.0\.0\.1:\d+\)/,
    );
  });

  it('refuses a lock reply that does not match the API', async () => {
    const url = await rawServer((_req, res) => res.end(JSON.stringify({ name: 'x' })));
    await expect(new HttpDriveServer().lock({ id: 'a', name: 'Archive', url }, 'f')).rejects.toThrow(
      /Archive sent an unexpected reply: .*lock/,
    );
  });

  it('leaves no file behind when a download breaks off', async () => {
    const url = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-length': '1000000' });
      res.write(Buffer.alloc(1000));
      setTimeout(() => res.destroy(), 50);
    });
    const target = join(dir, 'local.bin');
    await expect(
      new HttpDriveServer().download({ id: 'a', name: 'Archive', url }, 'f', target),
    ).rejects.toThrow('The download from Archive broke off');
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('Drive account settings', () => {
  it('accept https, and http only on a loopback host', () => {
    const ok = (url: string) => driveAccount.safeParse({ id: 'a', name: 'A', url }).success;
    expect(ok('https://dam.example/api')).toBe(true);
    expect(ok('http://127.0.0.1:8080/api')).toBe(true);
    expect(ok('http://localhost/api')).toBe(true);
    expect(ok('http://dam.example/api')).toBe(false);
    expect(ok('http://localhost.evil.example/api')).toBe(false);
    expect(ok('ftp://dam.example')).toBe(false);
  });
});
