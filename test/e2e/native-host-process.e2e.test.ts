import { createHash, randomBytes } from 'node:crypto';
import { access, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONNECT_API_VERSION, HOST_MESSAGE_LIMIT_BYTES } from '@rapid/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS } from './harness/artifacts.ts';
import { makeRapidHome, PAGE_ORIGIN, spawnHost } from './harness/host-process.ts';

type Home = Awaited<ReturnType<typeof makeRapidHome>>;
type Host = ReturnType<typeof spawnHost>;
let home: Home | undefined;
const hosts: Host[] = [];

// Only the built host is needed here (no browser): these tests drive it over stdio as a browser would.
beforeAll(() => access(ARTIFACTS.hostScript));
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
  await home?.cleanup();
  home = undefined;
});

async function start(engine?: Parameters<typeof makeRapidHome>[0]) {
  home = await makeRapidHome(engine);
  const host = spawnHost(home.env);
  hosts.push(host);
  return host;
}

const download = (name: string) => ({
  transfer_specs: [
    {
      transfer_spec: {
        paths: [{ source: `/remote/${name}`, destination: name }],
        remote_host: 'node.example',
        direction: 'receive',
      },
      aspera_connect_settings: { app_id: 'e2e', request_id: 'r1' },
    },
  ],
});

describe('the real host process, relaying to the daemon it starts', () => {
  it('answers every endpoint of the Connect table', async () => {
    const host = await start();
    expect(await host.call('GET', '/connect/info/version')).toMatchObject({
      status: 200,
      body: { version: CONNECT_API_VERSION, system_wide: false },
    });
    expect((await host.call('GET', '/connect/info/ping')).status).toBe(200);
    expect(
      (await host.call('POST', '/connect/info/authenticate', { remote_host: 'node.example' })).status,
    ).toBe(200);
    expect((await host.call('POST', '/connect/update/require', { min_version: '3.9.0' })).status).toBe(200);
    const started = await host.call('POST', '/connect/transfers/start', download('a.bin'));
    const id = started.body.transfer_specs[0].tags.aspera.xfer_id as string;
    expect(started.body.transfer_specs[0].uuid).toBe(id);
    const activity = await host.call('POST', '/connect/transfers/activity', { iteration_token: 0 });
    expect(activity.body).toMatchObject({ result_count: 1, transfers: [{ uuid: id }] });
    expect((await host.call('POST', `/connect/transfers/info/${id}`, {})).body.transfer_info.uuid).toBe(id);
    expect(
      (await host.call('POST', `/connect/transfers/modify/${id}`, { target_rate_kbps: 1000 })).status,
    ).toBe(200);
    expect((await host.call('POST', `/connect/transfers/stop/${id}`, {})).body).toEqual({});
    expect((await host.call('POST', `/connect/transfers/resume/${id}`, {})).status).toBe(200);
    expect((await host.call('POST', `/connect/transfers/remove/${id}`, {})).body).toEqual({});
    expect((await host.call('GET', '/connect/file/initialize-drag-drop')).body).toEqual({});
    expect((await host.call('GET', '/connect/windows/about')).body).toEqual({});
    expect((await host.call('GET', `/connect/windows/transfer-monitor/${id}`)).body).toEqual({});
    expect((await host.call('GET', '/invalid/uri')).status).toBe(404);
    const refused = await host.call('POST', '/connect/file/checksum/', { path: '/etc/passwd' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.user_message).toContain('/etc/passwd');
    expect(host.stdoutProblem()).toBeUndefined();
  });

  it('reads a 5 MiB file the user chose, split into body64 pieces under the 1 MiB cap', async () => {
    const host = await start();
    const file = join(home?.dir ?? '', 'five.bin');
    const bytes = randomBytes(5 * 1024 * 1024);
    await writeFile(file, bytes);
    await home?.setScript({ consent: { [PAGE_ORIGIN]: true }, open_files: [file] });
    const chosen = await host.call('POST', '/connect/windows/select-open-file-dialog/', {
      allowMultipleSelection: false,
    });
    expect(chosen.body.dataTransfer.files[0]).toMatchObject({ name: file, size: bytes.length });

    const read = await host.call('POST', '/connect/file/read-as-array-buffer/', { path: file });
    expect(read.status).toBe(200);
    expect(read.pieces).toBeGreaterThan(6);
    expect(Buffer.from(read.body.data, 'base64').equals(bytes)).toBe(true);
    expect(Math.max(...host.frameSizes)).toBeLessThanOrEqual(HOST_MESSAGE_LIMIT_BYTES);

    const chunk = await host.call('POST', '/connect/file/read-chunk-as-array-buffer/', {
      path: file,
      offset: 1024 * 1024,
      chunkSize: 2 * 1024 * 1024,
    });
    expect(Buffer.from(chunk.body.data, 'base64').equals(bytes.subarray(1024 * 1024, 3 * 1024 * 1024))).toBe(
      true,
    );
    const sum = await host.call('POST', '/connect/file/checksum/', { path: file, checksumMethod: 'sha256' });
    expect(sum.body.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(host.stdoutProblem()).toBeUndefined();
  });

  it('refuses when the user declines consent, with the error object', async () => {
    const host = await start();
    await home?.setScript({ consent: { [PAGE_ORIGIN]: false } });
    const refused = await host.call('POST', '/connect/transfers/start', download('x'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 403, internal_message: 'Forbidden' });
  });

  it('resumes a transfer after the daemon is killed with SIGKILL', async () => {
    const host = await start({ tickMs: 50, bytesPerTick: 20_000, fileBytes: 1_000_000 });
    const id = (await host.call('POST', '/connect/transfers/start', download('big.bin'))).body
      .transfer_specs[0].uuid;
    let written = 0;
    for (let i = 0; i < 100 && written < 100_000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      written = (await host.call('POST', `/connect/transfers/info/${id}`, {})).body.transfer_info
        .bytes_written;
    }
    expect(written).toBeGreaterThanOrEqual(100_000);
    const killed = (await home?.daemonPid()) as number;
    process.kill(killed, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The next call finds the socket dead, starts a new daemon, which picks the transfer up where it was.
    const after = await host.call('POST', `/connect/transfers/info/${id}`, {});
    expect(after.status).toBe(200);
    expect(await home?.daemonPid()).not.toBe(killed);
    // Resumed, not restarted: the first progress the new daemon reports continues from what was already written
    // (the record itself may lag by up to the store's write interval).
    const stale = after.body.transfer_info.bytes_written as number;
    let resumedAt = stale;
    // Up to 15 s: the new daemon's first progress report can take seconds when the lane shares two cores with browsers.
    for (let i = 0; i < 1500 && resumedAt === stale; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      resumedAt = (await host.call('POST', `/connect/transfers/info/${id}`, {})).body.transfer_info
        .bytes_written;
    }
    expect(resumedAt).toBeGreaterThanOrEqual(written);
    let status = '';
    for (let i = 0; i < 200 && status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await host.call('POST', `/connect/transfers/info/${id}`, {})).body.transfer_info.status;
    }
    expect(status).toBe('completed');
  });
});

describe('host hardening: nothing but frames on stdout, an answer or a clean exit, never a hang', () => {
  const exitsWithin = async (host: Host, ms: number) =>
    Promise.race([host.exited, new Promise((resolve) => setTimeout(() => resolve('hung'), ms))]);

  it('exits at once on a 70 MiB frame', async () => {
    const host = await start();
    const header = Buffer.alloc(4);
    header.writeUInt32LE(70 * 1024 * 1024);
    host.write(Buffer.concat([header, Buffer.alloc(1024 * 1024, 0x20)]));
    expect(await exitsWithin(host, 5000)).toBe(1);
    expect(host.frames).toEqual([]);
  });

  it('exits on random bytes, on a length longer than the data, and on invalid JSON', async () => {
    for (let seed = 0; seed < 5; seed++) {
      const host = await start();
      host.write(randomBytes(1 + seed * 997));
      host.child.stdin.end();
      expect(await exitsWithin(host, 5000)).not.toBe('hung');
      expect(host.stdoutProblem()).toBeUndefined();
      await home?.cleanup();
    }
    const short = await start();
    const header = Buffer.alloc(4);
    header.writeUInt32LE(100);
    short.write(Buffer.concat([header, Buffer.from('{"a":1}')]));
    short.child.stdin.end();
    expect(await exitsWithin(short, 5000)).toBe(1);
    await home?.cleanup();

    const garbage = await start();
    const text = Buffer.from('{not json');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(text.length);
    garbage.write(Buffer.concat([length, text]));
    expect(await exitsWithin(garbage, 5000)).toBe(1);
  });

  it('answers a routable but invalid request with the Invalid request error and keeps serving', async () => {
    const host = await start();
    const { encodeFrame } = await import('@rapid/native-host/frame');
    host.write(
      encodeFrame({
        type: 'AsperaConnectRequest',
        request_id: 77,
        frame_id: 'f',
        sender: { tab: { id: 1 } },
        method: 'FETCH',
      }),
    );
    expect((await host.call('GET', '/connect/info/ping')).status).toBe(200);
    const reply = host.frames.find((frame) => frame.request_id === 77);
    expect(reply?.status).toBe(400);
    expect(JSON.parse(reply?.body ?? '{}').error.internal_message).toBe('Invalid request');
  });
});
