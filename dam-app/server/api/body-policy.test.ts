import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import { sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';
import { MAX_JSON_BODY_BYTES } from './body-policy.ts';

const MB = 1024 * 1024;

/**
 * Sends a request of `totalBytes` body bytes over a real socket, as fast as the server takes them, and returns the
 * status line and how many body bytes the server swallowed before it answered and closed. Chunked when no length.
 */
function rawPost(
  url: string,
  path: string,
  options: { contentType: string; totalBytes: number; chunked?: boolean; headers?: Record<string, string> },
): Promise<{ status: number; sent: number; body: string }> {
  const { port, hostname, origin } = new URL(url);
  const chunk = Buffer.alloc(MB, 0x7b);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    let stopped = false;
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Origin: ${origin}`,
      `Content-Type: ${options.contentType}`,
      options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.totalBytes}`,
      ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    const pump = () => {
      while (!stopped && sent < options.totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, options.totalBytes - sent));
        sent += piece.length;
        const framed = options.chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        if (!socket.write(framed)) return socket.once('drain', pump);
      }
      if (!stopped && options.chunked) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    const finish = () => {
      stopped = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      if (!status) return reject(new Error(`No answer after ${sent} bytes`));
      resolve({ status, sent, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    };
    socket.on('error', finish);
    socket.on('close', finish);
  });
}

describe.each(DATABASE_KINDS)('request body limits on %s', (kind) => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam(kind);
    await dam.userClient('ada');
  });
  afterAll(() => dam.close());

  it('refuses a 300 MB octet-stream body to the public login route with 413, memory bounded', async () => {
    const before = process.memoryUsage().rss;
    for (const chunked of [false, true]) {
      const answer = await rawPost(dam.url, '/api/v1/session', {
        contentType: 'application/octet-stream',
        totalBytes: 300 * MB,
        chunked,
      });
      expect([413, 415]).toContain(answer.status);
      expect(answer.sent).toBeLessThan(300 * MB);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * MB);
  }, 120_000);

  it('refuses a JSON body over the limit while streaming it, whatever the content type claims', async () => {
    const before = process.memoryUsage().rss;
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const chunked = await rawPost(dam.url, '/api/v1/session', {
        contentType,
        totalBytes: 300 * MB,
        chunked: true,
      });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.body.replace(/^[0-9a-f]+\r\n/, '').split('\r\n')[0] ?? '{}')).toMatchObject({
        error: { code: 'too_large', user_message: MESSAGES.tooLarge },
      });
      const declared = await rawPost(dam.url, '/api/v1/session', { contentType, totalBytes: 300 * MB });
      expect(declared.status).toBe(413);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * MB);
  }, 120_000);

  it('refuses a body in the wrong media type with 415, on public and signed-in routes', async () => {
    for (const contentType of [
      'application/octet-stream',
      'text/plain',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await dam
        .client()
        .request('POST', '/session', JSON.stringify({ username: 'ada', password: TEST_PASSWORD }), {
          'content-type': contentType,
        });
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe('unsupported_media_type');
    }
    const ada = dam.client();
    await ada.login('ada', TEST_PASSWORD);
    const asBytes = await ada.request('POST', '/api-keys', JSON.stringify({ name: 'k' }), {
      'content-type': 'application/octet-stream',
    });
    expect(asBytes.status).toBe(415);
  });

  it('still takes JSON bodies up to the limit', async () => {
    const response = await dam.client().post('/session', {
      username: 'ada',
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(200);
    const nearLimit = await dam
      .client()
      .post('/session', { username: 'x'.repeat(MAX_JSON_BODY_BYTES - 100), password: 'y' });
    expect(nearLimit.status).not.toBe(413);
  });

  it('refuses a binary body over the upload maximum on a binary route while streaming it', async () => {
    const small = await startTestDam(kind, { DAM_MAX_UPLOAD_BYTES: String(2 * MB) });
    try {
      const carla = await aclUser(small, 'carla', 'Library');
      const key = (await carla.post('/api-keys', { name: 'drive' })).body.key as string;
      await sampleJpeg(join(small.services.config.storageRoot, 'Library/Docs/page.jpg'));
      const id = (await carla.post('/assets/ingest', { path: 'Library/Docs/page.jpg' })).body.asset.id;
      const headers = { Authorization: `Bearer ${key}` };
      const lock = await fetch(`${small.url}/api/v1/drive/files/${id}/lock`, { method: 'POST', headers });
      expect(lock.status).toBe(200);
      const before = process.memoryUsage().rss;
      const path = `/api/v1/drive/files/${id}/versions`;
      const chunked = await rawPost(small.url, path, {
        contentType: 'application/octet-stream',
        totalBytes: 64 * MB,
        chunked: true,
        headers,
      });
      expect(chunked.status).toBe(413);
      expect(chunked.sent).toBeLessThan(64 * MB);
      const declared = await rawPost(small.url, path, {
        contentType: 'application/octet-stream',
        totalBytes: 64 * MB,
        headers,
      });
      expect(declared.status).toBe(413);
      expect(process.memoryUsage().rss - before).toBeLessThan(150 * MB);
      const json = await rawPost(small.url, path, {
        contentType: 'application/json',
        totalBytes: 10,
        headers,
      });
      expect(json.status).toBe(415);
      const fits = await rawPost(small.url, path, {
        contentType: 'application/octet-stream',
        totalBytes: MB,
        headers,
      });
      expect(fits.status).toBe(201);
      // The refused bodies left no staged file behind.
      const staged = (await readdir(join(small.services.config.storageRoot, 'Library/Docs'))).filter((name) =>
        name.startsWith('.drive-'),
      );
      expect(staged).toEqual([]);
    } finally {
      await small.close();
    }
  }, 120_000);
});
