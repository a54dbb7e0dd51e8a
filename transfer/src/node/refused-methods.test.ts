import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as connectTcp } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { answerRefusedMethods } from './refused-methods.ts';
import { selfSignedCertificate } from './tls-material.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function start(tls: boolean): Promise<number> {
  const ordinary = (_req: unknown, res: { end(text: string): void }) => res.end('pong');
  server = tls ? createHttpsServer(selfSignedCertificate('localhost'), ordinary) : createHttpServer(ordinary);
  answerRefusedMethods(server, ['REVERT'], async (request) =>
    Response.json({
      method: request.method,
      path: new URL(request.url).pathname,
      body: await request.text(),
    }),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

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

describe.each([
  ['HTTP', false],
  ['HTTPS', true],
])('a method Node refuses, over %s', (_name, tls) => {
  it('is collected across chunks, answered by the handler, and the connection closed', async () => {
    const port = await start(tls);
    const body = '{"checkout_ids":["c1"]}';
    const head = `REVERT /checkouts HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\n\r\n`;
    const answer = await exchange(
      port,
      [head.slice(0, 9), head.slice(9), body.slice(0, 5), body.slice(5)],
      tls,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      method: 'REVERT',
      path: '/checkouts',
      body,
    });
  });

  it('answers 400 to an unknown method, an oversize body and a garbled request, and still serves others', async () => {
    const port = await start(tls);
    expect(await exchange(port, ['BREW /pot HTTP/1.1\r\nHost: localhost\r\n\r\n'], tls)).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    const huge = 'REVERT /checkouts HTTP/1.1\r\nHost: localhost\r\nContent-Length: 9999999\r\n\r\n';
    expect(await exchange(port, [huge], tls)).toMatch(/^HTTP\/1\.1 400 /);
    expect(await exchange(port, ['REVERT nonsense\r\n\r\n'], tls)).toMatch(/^HTTP\/1\.1 400 /);
    const ping = await exchange(
      port,
      ['GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
      tls,
    );
    expect(ping.split('\r\n\r\n')[1]).toBe('pong');
  });
});
