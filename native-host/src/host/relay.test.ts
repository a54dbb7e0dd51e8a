import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECT_API_VERSION, connectErrorBody, type HostReply } from '@rapid/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDaemonLink } from '../daemon/link.ts';
import { type DaemonServer, listenOnSocket } from '../daemon/server.ts';
import { startTestDaemon } from '../daemon/test-daemon.ts';
import { createLogger } from '../log/logger.ts';
import { relayMessage } from './relay.ts';

const sender = { tab: { id: 3 }, url: 'http://127.0.0.1:5173/page', frameId: 0 };
const routing = { request_id: 10001, frame_id: 'frame-a', sender };
let dir = '';
let server: DaemonServer;
let link: ReturnType<typeof createDaemonLink>;
let daemon: Awaited<ReturnType<typeof startTestDaemon>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rapid-relay-'));
  const socket = join(dir, 'daemon.sock');
  daemon = await startTestDaemon();
  server = await listenOnSocket(daemon.api, socket, join(dir, 'daemon.pid'));
  link = createDaemonLink({ socketPath: socket, startDaemon: () => {} });
});
afterAll(async () => {
  await server.close();
  await daemon.close();
  await rm(dir, { recursive: true, force: true });
});

async function relay(message: unknown): Promise<HostReply[]> {
  const replies: HostReply[] = [];
  await relayMessage(message, link, async (reply) => void replies.push(reply), createLogger('test', dir));
  return replies;
}

describe('relayMessage', () => {
  it('relays a version request to the daemon and echoes the routing fields', async () => {
    const replies = await relay({
      ...routing,
      type: 'AsperaConnectRequest',
      min_version: '',
      method: 'GET',
      uri_reference: '/connect/info/version',
      body: '',
    });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ ...routing, status: 200 });
    expect(JSON.parse((replies[0] as { body: string }).body)).toEqual({
      version: CONNECT_API_VERSION,
      system_wide: false,
    });
  });

  it('answers a malformed request with the spec error instead of dropping it', async () => {
    const replies = await relay({
      ...routing,
      type: 'AsperaConnectRequest',
      method: 'FETCH',
      uri_reference: 5,
    });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ ...routing, status: 400 });
    const body = connectErrorBody.parse(JSON.parse((replies[0] as { body: string }).body));
    expect(body.error).toMatchObject({ code: -1, internal_message: 'Invalid request' });
    expect(body.error.user_message).toContain('method');
  });

  it('cannot answer a message it cannot route, and says so in the log only', async () => {
    expect(await relay({ hello: 'world' })).toEqual([]);
  });
});
