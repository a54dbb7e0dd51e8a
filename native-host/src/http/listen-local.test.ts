import { connect } from 'node:tls';
import { selfSignedCertificate } from '@rapid/transfer';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLocal } from './listen-local.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('listenLocal', () => {
  it('answers REVERT, which Node’s parser refuses, through the app like any other method', async () => {
    const app = new Hono();
    app.on('REVERT', '/checkouts', async (c) => c.json({ reverted: JSON.parse(await c.req.text()) }));
    const server = await listenLocal(app, 0, 1, selfSignedCertificate('localhost'));
    close = server.close;
    const socket = connect({ port: server.port, host: '127.0.0.1', rejectUnauthorized: false });
    const body = '{"checkout_ids":["c1"]}';
    socket.write(
      `REVERT /checkouts HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    await new Promise((resolve) => socket.on('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.split('\r\n\r\n')[1]).toBe('{"reverted":{"checkout_ids":["c1"]}}');
  });
});
