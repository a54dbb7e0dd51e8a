import { connect as connectTcp } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { selfSignedCertificate } from '@rapid/transfer';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLocal } from './listen-local.ts';

const app = new Hono();
app.on('REVERT', '/checkouts', async (c) => c.json({ reverted: JSON.parse(await c.req.text()) }));
app.get('/ping', (c) => c.text('pong'));

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Sends raw bytes in the given pieces (each after a pause, as a slow client would) and reads the whole answer. */
async function exchange(port: number, pieces: string[], tls: boolean): Promise<string> {
  const socket = tls
    ? connectTls({ port, host: '127.0.0.1', rejectUnauthorized: false })
    : connectTcp({ port, host: '127.0.0.1' });
  await new Promise((resolve) => socket.once(tls ? 'secureConnect' : 'connect', resolve));
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(text));
  });
  for (const piece of pieces) {
    socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return answer;
}

const revert = (body: string) => [
  `REVERT /checkouts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  body.slice(0, 5),
  body.slice(5),
];

describe.each([
  ['HTTP', false],
  ['HTTPS', true],
])('a method Node refuses, over %s', (_name, tls) => {
  it('is collected across chunks, answered by the app, and the connection closed', async () => {
    const server = await listenLocal(app, 0, 1, tls ? selfSignedCertificate('localhost') : undefined);
    close = server.close;
    const answer = await exchange(server.port, revert('{"checkout_ids":["c1"]}'), tls);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.split('\r\n\r\n')[1]).toBe('{"reverted":{"checkout_ids":["c1"]}}');
  });

  it('answers 400 to an unknown method, an oversize body and a garbled request, and still serves others', async () => {
    const server = await listenLocal(app, 0, 1, tls ? selfSignedCertificate('localhost') : undefined);
    close = server.close;
    expect(await exchange(server.port, ['BREW /pot HTTP/1.1\r\nHost: localhost\r\n\r\n'], tls)).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    const huge = 'REVERT /checkouts HTTP/1.1\r\nHost: localhost\r\nContent-Length: 9999999\r\n\r\n';
    expect(await exchange(server.port, [huge], tls)).toMatch(/^HTTP\/1\.1 400 /);
    expect(await exchange(server.port, ['REVERT nonsense\r\n\r\n'], tls)).toMatch(/^HTTP\/1\.1 400 /);
    const ping = await exchange(
      server.port,
      ['GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
      tls,
    );
    expect(ping.split('\r\n\r\n')[1]).toBe('pong');
  });
});
