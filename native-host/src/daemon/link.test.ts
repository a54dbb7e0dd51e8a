import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDaemonLink, DaemonUnavailable } from './link.ts';
import { DaemonAlreadyRunning, type DaemonServer, listenOnSocket } from './server.ts';
import { startTestDaemon } from './test-daemon.ts';

const servers: DaemonServer[] = [];
let dir = '';

async function setup() {
  dir = await mkdtemp(join(tmpdir(), 'rapid-link-'));
  return { socket: join(dir, 'daemon.sock'), pid: join(dir, 'daemon.pid') };
}

const daemons: Awaited<ReturnType<typeof startTestDaemon>>[] = [];
const api = async () => {
  const daemon = await startTestDaemon();
  daemons.push(daemon);
  return daemon.api;
};

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(daemons.splice(0).map((daemon) => daemon.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('daemon link', () => {
  it('starts the daemon once for concurrent first calls, then relays over the socket', async () => {
    const { socket, pid } = await setup();
    let starts = 0;
    const link = createDaemonLink({
      socketPath: socket,
      startDaemon: () => {
        starts += 1;
        api()
          .then((app) => listenOnSocket(app, socket, pid))
          .then((server) => servers.push(server));
      },
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        link.call({ method: 'GET', path: '/connect/info/version', body: '', timeoutMs: 2000 }),
      ),
    );
    expect(starts).toBe(1);
    for (const answer of answers) expect(JSON.parse(answer.body)).toMatchObject({ system_wide: false });
  });

  it('says so when the daemon cannot be started', async () => {
    const { socket } = await setup();
    const link = createDaemonLink({ socketPath: socket, startDaemon: () => {}, startTimeoutMs: 200 });
    await expect(
      link.call({ method: 'GET', path: '/connect/info/ping', body: '', timeoutMs: 500 }),
    ).rejects.toThrow(DaemonUnavailable);
  });
});

describe('single daemon per user', () => {
  it('lets exactly one of several racing daemons take over a stale socket', async () => {
    const { socket, pid } = await setup();
    await writeFile(socket, '');
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4].map(async () => listenOnSocket(await api(), socket, pid)),
    );
    const started = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    servers.push(...started);
    expect(started).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DaemonAlreadyRunning);
  });

  it('yields to a daemon that answers, and takes over a stale socket file', async () => {
    const { socket, pid } = await setup();
    await writeFile(socket, '');
    const first = await listenOnSocket(await api(), socket, pid);
    servers.push(first);
    await expect(listenOnSocket(await api(), socket, pid)).rejects.toThrow(DaemonAlreadyRunning);
  });
});
