import { createHash, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEngine, type TransferHandle } from '../engine/transfer-engine.ts';
import { landingPath } from '../fs/landing-name.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const OLD = Buffer.from('the bytes someone stored first');
let fixture: NodeFixture;
let deadUdpPort = 0;
const engine = new TransferEngine({ retryBaseMs: 50, probeTimeoutMs: 500 });

type Rec = {
  status: string;
  sessions: { bytes_transferred: number }[];
  files?: { path: string; status: string; landed_path?: string }[];
};

beforeAll(async () => {
  fixture = await startNodeFixture();
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  deadUdpPort = socket.address().port;
  socket.close();
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

const idOf = (spec: Record<string, unknown>) => (spec.tags as { aspera: { xfer_id: string } }).aspera.xfer_id;
const record = async (id: string) => (await fixture.api('GET', `/ops/transfers/${id}`)).body as Rec;

/** A folder holding `dawn.jpg` with OLD bytes, and a client file of the same name with new ones. */
function clash(folder: string, size = 200_000) {
  mkdirSync(join(fixture.docroot, 'incoming', folder));
  writeFileSync(join(fixture.docroot, 'incoming', folder, 'dawn.jpg'), OLD);
  const local = mkdtempSync(join(tmpdir(), 'clash-'));
  const data = randomBytes(size);
  writeFileSync(join(local, 'dawn.jpg'), data);
  return { source: join(local, 'dawn.jpg'), data, destination: `/incoming/${folder}` };
}

async function landBeside(destination: string, cookie: string) {
  return setupSpec(fixture, 'upload', { destination_root: destination, cookie, clash_policy: 'land_beside' });
}

function untilWritten(handle: TransferHandle, bytes: number): Promise<void> {
  return new Promise((resolve) => {
    const listener = (info: { bytes_written: number }) => {
      if (info.bytes_written >= bytes) {
        handle.off('progress', listener);
        resolve();
      }
    };
    handle.on('progress', listener);
  });
}

describe('clash_policy land_beside: the node never writes an existing file, whatever the client spec says', () => {
  it.each([
    ['UDP', {}],
    ['HTTPS fallback', { fasp_port: -1 }],
  ])('over %s an overwrite:always upload lands beside the file it would have replaced', async (_t, via) => {
    const { source, data, destination } = clash(_t === 'UDP' ? 'udp' : 'https');
    const spec = await landBeside(destination, `jdoe,${_t}`);
    expect(spec.clash_policy).toBe('land_beside');
    const info = await engine
      .start({
        ...spec,
        ...('fasp_port' in via ? { fasp_port: deadUdpPort } : {}),
        paths: [{ source }],
        destination_root: destination,
        overwrite: 'always',
        resume: 'none',
      })
      .done();
    expect(info.status).toBe('completed');
    expect(sha(readFileSync(join(fixture.docroot, destination, 'dawn.jpg')))).toBe(sha(OLD));
    const landed = landingPath(`${destination}/dawn.jpg`, idOf(spec));
    expect(sha(readFileSync(join(fixture.docroot, landed)))).toBe(sha(data));
    const files = (await record(idOf(spec))).files ?? [];
    expect(files.map((f) => [f.path, f.status, f.landed_path])).toContainEqual([
      `${destination}/dawn.jpg`,
      'completed',
      landed,
    ]);
  });

  it('a bare PUT with such a token (no planned session) is refused', async () => {
    const { destination } = clash('bare');
    const spec = await landBeside(destination, 'jdoe,bare');
    const put = await fixture.api('PUT', `/files/content${destination}/dawn.jpg`, undefined, {
      Authorization: `Bearer ${spec.token as string}`,
      'Content-Length': '0',
    });
    expect(put.status).toBe(403);
    expect(sha(readFileSync(join(fixture.docroot, destination, 'dawn.jpg')))).toBe(sha(OLD));
  });

  it('an interrupted clashing upload resumes into its landing file, not into the existing one', async () => {
    const size = 16 * 1024 * 1024;
    const { source, data, destination } = clash('resume', size);
    const spec = await landBeside(destination, 'jdoe,resume');
    const handle = engine.start({
      ...spec,
      target_rate_kbps: 40_000,
      rate_policy: 'fixed',
      fasp_port: deadUdpPort,
      paths: [{ source }],
      destination_root: destination,
      overwrite: 'always',
    });
    await untilWritten(handle, size / 2);
    handle.stop();
    expect((await handle.done()).status).toBe('cancelled');
    handle.resume();
    expect((await handle.done()).status).toBe('completed');
    expect(sha(readFileSync(join(fixture.docroot, destination, 'dawn.jpg')))).toBe(sha(OLD));
    const landed = landingPath(`${destination}/dawn.jpg`, idOf(spec));
    expect(sha(readFileSync(join(fixture.docroot, landed)))).toBe(sha(data));
    const received = (await record(idOf(spec))).sessions.reduce((sum, s) => sum + s.bytes_transferred, 0);
    expect(received).toBeLessThan(size * 1.05);
  });
});

describe('a name free when the upload started and taken before it finished', () => {
  it.each([
    ['UDP', {}],
    ['HTTPS fallback', { fasp_port: -1 }],
  ])('over %s the file that took the name meanwhile is kept, the upload lands beside it', async (t, via) => {
    const size = 16 * 1024 * 1024;
    const destination = `/incoming/late-${t === 'UDP' ? 'udp' : 'https'}`;
    mkdirSync(join(fixture.docroot, destination));
    const local = mkdtempSync(join(tmpdir(), 'late-'));
    const data = randomBytes(size);
    writeFileSync(join(local, 'dawn.jpg'), data);
    const spec = await landBeside(destination, `jdoe,late-${t}`);
    const handle = engine.start({
      ...spec,
      ...('fasp_port' in via ? { fasp_port: deadUdpPort } : {}),
      target_rate_kbps: 40_000,
      rate_policy: 'fixed',
      paths: [{ source: join(local, 'dawn.jpg') }],
      destination_root: destination,
      overwrite: 'always',
    });
    await untilWritten(handle, size / 4);
    // A browser upload (or a move) claims the name while the accelerated upload is still running.
    writeFileSync(join(fixture.docroot, destination, 'dawn.jpg'), OLD);
    expect((await handle.done()).status).toBe('completed');
    expect(sha(readFileSync(join(fixture.docroot, destination, 'dawn.jpg')))).toBe(sha(OLD));
    const landed = landingPath(`${destination}/dawn.jpg`, idOf(spec));
    expect(sha(readFileSync(join(fixture.docroot, landed)))).toBe(sha(data));
    const files = (await record(idOf(spec))).files ?? [];
    expect(files.map((f) => [f.path, f.status, f.landed_path])).toContainEqual([
      `${destination}/dawn.jpg`,
      'completed',
      landed,
    ]);
  });
});

describe('a transfer token is bound to the cookie it was set up with', () => {
  it.each([
    ['another cookie', 'mallory,2026-11-26T10:00:00Z,1,in,in'],
    ['no cookie', ''],
  ])('refuses a hello carrying %s (error 19), over UDP and HTTPS', async (_name, cookie) => {
    const local = mkdtempSync(join(tmpdir(), 'cookie-'));
    writeFileSync(join(local, 'f.txt'), 'data');
    const spec = await setupSpec(fixture, 'upload', {
      destination_root: '/incoming',
      cookie: 'jdoe,2026-11-26T10:00:00Z,1,in,in',
    });
    for (const via of [{}, { fasp_port: deadUdpPort }]) {
      const info = await engine
        .start({
          ...spec,
          ...via,
          cookie,
          paths: [{ source: join(local, 'f.txt') }],
          destination_root: '/incoming',
        })
        .done();
      expect([info.status, info.error_code, info.retry_count]).toEqual(['failed', 19, 0]);
    }
  });
});
