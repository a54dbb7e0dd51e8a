import { createHash, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferHandle } from '../engine/transfer-engine.ts';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { BASIC, type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';
import { rawRequest } from '../test-support/raw-request.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const SIZE = 16 * 1024 * 1024;
const SLOW = { target_rate_kbps: 40_000, rate_policy: 'fixed' };
let fixture: NodeFixture;
let faspPort = 0;
const engine = new TransferEngine({ retryBaseMs: 50, probeTimeoutMs: 500 });

type Rec = {
  id: string;
  status: string;
  bytes_transferred: number;
  error_code: number;
  start_spec: { cookie: string };
  sessions: { status: string; bytes_transferred: number }[];
  files?: { path: string; status: string; bytes_written: number }[];
};

beforeAll(async () => {
  fixture = await startNodeFixture();
  // A UDP port nobody listens on: probes vanish, as behind a firewall that drops UDP.
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  faspPort = socket.address().port;
  socket.close();
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

const idOf = (spec: Record<string, unknown>) => (spec.tags as { aspera: { xfer_id: string } }).aspera.xfer_id;
const record = async (id: string) => (await fixture.api('GET', `/ops/transfers/${id}`)).body as Rec;

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

async function slowUpload(name: string, cookie: string) {
  const local = mkdtempSync(join(tmpdir(), 'fb-slow-'));
  const data = randomBytes(SIZE);
  writeFileSync(join(local, name), data);
  const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming', cookie });
  const handle = engine.start({
    ...spec,
    ...SLOW,
    fasp_port: faspPort,
    paths: [{ source: join(local, name) }],
    destination_root: '/incoming',
  });
  return { handle, data, id: idOf(spec) };
}

describe('HTTPS fallback sessions are first-class node transfers', () => {
  it('UDP blocked: a folder uploads and downloads over HTTPS and both appear in /ops/transfers', async () => {
    const local = mkdtempSync(join(tmpdir(), 'fb-'));
    const files = {
      'one.bin': randomBytes(9 * 1024 * 1024 + 1),
      'two.txt': Buffer.from('two'),
      nil: Buffer.alloc(0),
    };
    const dir = join(local, 'set');
    await import('node:fs').then((fs) => fs.mkdirSync(dir));
    for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
    const cookie = 'jdoe,2026-01-01T12:00:00Z,3,/incoming,/fallback';
    const up = await setupSpec(fixture, 'upload', { destination_root: '/incoming', cookie });
    const upInfo = await engine
      .start({ ...up, fasp_port: faspPort, paths: [{ source: dir }], destination_root: '/incoming' })
      .done();
    expect([upInfo.status, upInfo.transport, upInfo.file_counts.completed]).toEqual(['completed', 'http', 3]);
    for (const [name, data] of Object.entries(files))
      expect(sha(readFileSync(join(fixture.docroot, 'incoming/set', name)))).toBe(sha(data));

    const info = (await fixture.api('GET', '/info')).body as { capabilities: { name: string }[] };
    expect(info.capabilities.map((c) => c.name)).toContain('x_http_sessions');
    const listed = (await fixture.api('GET', `/ops/transfers?tag=${encodeURIComponent(cookie)}`))
      .body as Rec[];
    expect(listed.map((r) => r.id)).toEqual([idOf(up)]);
    const rec = listed[0] as Rec;
    expect([rec.status, rec.error_code, rec.start_spec.cookie]).toEqual(['completed', 0, cookie]);
    expect(rec.sessions.map((s) => s.status)).toEqual(['completed']);
    expect(rec.bytes_transferred).toBeGreaterThanOrEqual(9 * 1024 * 1024 + 4);
    expect(
      rec.files
        ?.filter((f) => f.status === 'completed')
        .map((f) => f.path)
        .sort(),
    ).toEqual(['/incoming/set/nil', '/incoming/set/one.bin', '/incoming/set/two.txt']);

    const down = await setupSpec(fixture, 'download', {
      paths: [{ source: '/incoming/set' }],
      cookie: 'dl-cookie',
    });
    const target = mkdtempSync(join(tmpdir(), 'fb-down-'));
    const downInfo = await engine.start({ ...down, fasp_port: faspPort, destination_root: target }).done();
    expect([downInfo.status, downInfo.transport]).toEqual(['completed', 'http']);
    for (const [name, data] of Object.entries(files))
      expect(sha(readFileSync(join(target, 'set', name)))).toBe(sha(data));
    const downRec = await record(idOf(down));
    expect(downRec.status).toBe('completed');
    expect(downRec.files?.map((f) => f.status)).toEqual(['completed', 'completed', 'completed']);
    const active = (await fixture.api('GET', '/ops/transfers?active_only=true&tag=dl-cookie')).body as Rec[];
    expect(active).toEqual([]);
  });

  it('a session stopped while its probe still runs ends cancelled, and the probe stops with it', async () => {
    const up = await setupSpec(fixture, 'upload', { destination_root: '/incoming' });
    const local = mkdtempSync(join(tmpdir(), 'fb-stop-'));
    writeFileSync(join(local, 'x.bin'), randomBytes(1024));
    const handle = engine.start({
      ...up,
      fasp_port: faspPort,
      paths: [{ source: join(local, 'x.bin') }],
      destination_root: '/incoming',
    });
    // The probe answers nothing on this port; stop before it gives up (500 ms), then outlive its timers.
    await new Promise((resolve) => setTimeout(resolve, 150));
    handle.stop();
    expect((await handle.done()).status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 700));
  });

  it('an interrupted fallback upload resumes and the node receives under 5 % twice', async () => {
    const { handle, data, id } = await slowUpload('resume.bin', 'resume-cookie');
    await untilWritten(handle, SIZE / 2);
    handle.stop();
    expect((await handle.done()).status).toBe('cancelled');
    const interrupted = await record(id);
    expect(interrupted.status).toBe('canceled');
    handle.resume();
    const info = await handle.done();
    expect([info.status, info.transport]).toEqual(['completed', 'http']);
    expect(sha(readFileSync(join(fixture.docroot, 'incoming/resume.bin')))).toBe(sha(data));
    const rec = await record(id);
    const received = rec.sessions.reduce((sum, s) => sum + s.bytes_transferred, 0);
    expect(interrupted.bytes_transferred).toBeGreaterThan(SIZE / 3);
    expect(received).toBeGreaterThanOrEqual(SIZE);
    expect(received).toBeLessThan(SIZE * 1.05);
    expect(rec.status).toBe('completed');
  });

  it('PUT /ops/transfers pauses and resumes a fallback transfer; CANCEL stops one', async () => {
    const { handle, data, id } = await slowUpload('paused.bin', 'pause-cookie');
    await untilWritten(handle, SIZE / 4);
    const paused = await fixture.api('PUT', `/ops/transfers/${id}`, { status: 'paused' });
    expect((paused.body as Rec).status).toBe('paused');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await record(id)).bytes_transferred;
    await new Promise((resolve) => setTimeout(resolve, 700));
    const after = (await record(id)).bytes_transferred;
    expect(after - before).toBeLessThan(512 * 1024);
    const resumed = await fixture.api('PUT', `/ops/transfers/${id}`, {
      status: 'running',
      target_rate_kbps: 80_000,
    });
    expect(
      (resumed.body as { sessions: { target_rate_kbps: number }[] }).sessions.at(-1)?.target_rate_kbps,
    ).toBe(80_000);
    expect((await handle.done()).status).toBe('completed');
    expect(sha(readFileSync(join(fixture.docroot, 'incoming/paused.bin')))).toBe(sha(data));

    const second = await slowUpload('cancelled.bin', 'cancel-cookie');
    await untilWritten(second.handle, SIZE / 4);
    expect(
      await rawRequest(fixture, 'CANCEL', `/ops/transfers/${second.id}`, { Authorization: BASIC }),
    ).toMatch(/^HTTP\/1\.1 204/);
    const info = await second.handle.done();
    expect([info.status, info.error_code]).toEqual(['cancelled', 28]);
    expect((await record(second.id)).status).toBe('canceled');
  });

  it('CANCEL stops a fallback download in the middle of an answer (no retry)', async () => {
    writeFileSync(join(fixture.docroot, 'cancel-down.bin'), randomBytes(SIZE));
    const spec = await setupSpec(fixture, 'download', { paths: [{ source: '/cancel-down.bin' }] });
    const target = mkdtempSync(join(tmpdir(), 'fb-cancel-down-'));
    const handle = engine.start({ ...spec, ...SLOW, fasp_port: faspPort, destination_root: target });
    await untilWritten(handle, SIZE / 4);
    const answer = await rawRequest(fixture, 'CANCEL', `/ops/transfers/${idOf(spec)}`, {
      Authorization: BASIC,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 204/);
    const info = await handle.done();
    expect([info.status, info.error_code, info.retry_count]).toEqual(['cancelled', 28, 0]);
    expect((await record(idOf(spec))).status).toBe('canceled');
  });
});
