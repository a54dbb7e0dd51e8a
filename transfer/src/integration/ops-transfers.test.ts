import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { BASIC, type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';
import { rawRequest } from '../test-support/raw-request.ts';

let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });
const cookie = 'jdoe,2026-01-01T12:00:00Z,1,/incoming,/projects/a=b';
let xferId = '';

type Rec = {
  id: string;
  status: string;
  files?: { path: string; status: string }[];
  start_spec: { cookie: string };
  error_code: number;
  precalc: { bytes_expected: number };
};

beforeAll(async () => {
  fixture = await startNodeFixture();
  const local = mkdtempSync(join(tmpdir(), 'ops-'));
  writeFileSync(join(local, 'a.mov'), randomBytes(50_000));
  const spec = await setupSpec(fixture, 'upload', {
    destination_root: '/incoming',
    cookie,
    tags: { dam: { job: '1234' } },
  });
  xferId = (spec.tags as { aspera: { xfer_id: string } }).aspera.xfer_id;
  const info = await engine
    .start({ ...spec, paths: [{ source: join(local, 'a.mov') }], destination_root: '/incoming' })
    .done();
  expect(info.status).toBe('completed');
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

describe('node API', () => {
  it('answers /ping without credentials and /info with them', async () => {
    expect((await fixture.api('GET', '/ping', undefined, { Authorization: '' })).status).toBe(200);
    expect((await fixture.api('GET', '/info', undefined, { Authorization: 'Basic bm86bm8=' })).status).toBe(
      401,
    );
    const info = (await fixture.api('GET', '/info')).body as Record<string, unknown>;
    expect(info).toMatchObject({ application: 'node', node_id: 'node-test', transfer_user: 'xfer' });
    expect(info.settings).toContainEqual({ name: 'ssh_fingerprint', value: fixture.node.fingerprint });
  });

  it('fills the setup reply: token, ports, cookie, tags with xfer_id, sshfp; per-request errors for bad paths', async () => {
    const reply = await fixture.api('POST', '/files/download_setup', {
      transfer_requests: [
        {
          transfer_request: { paths: [{ source: '/incoming/a.mov' }], tags: { aspera: { xfer_id: 'mine' } } },
        },
        { transfer_request: { paths: [{ source: '/../etc/passwd' }] } },
        { transfer_request: { paths: [{ source: '/nope' }] } },
      ],
    });
    const [ok, escaped, missing] = (
      reply.body as { transfer_specs: Record<string, Record<string, unknown>>[] }
    ).transfer_specs;
    expect(ok?.transfer_spec).toMatchObject({
      direction: 'receive',
      remote_host: '127.0.0.1',
      remote_user: 'xfer',
      ssh_port: fixture.node.ports.control,
      fasp_port: fixture.node.ports.udp,
      https_fallback_port: fixture.node.ports.api,
      sshfp: fixture.node.fingerprint,
      tags: { aspera: { xfer_id: 'mine' } },
      cipher: 'aes-128',
    });
    expect(String(ok?.transfer_spec?.token)).toMatch(/^RT1\./);
    expect(escaped?.error?.user_message).toMatch(/invalid path/);
    expect(missing?.error?.user_message).toMatch(/invalid path/);
    expect((await fixture.api('POST', '/files/upload_setup', { nope: 1 })).status).toBe(400);
  });

  it('lists transfers matched by cookie, tag path or tag value, with summary views and paging', async () => {
    const byCookie = await fixture.api(
      'GET',
      `/ops/transfers?filter=summary&tag=${encodeURIComponent(cookie)}`,
    );
    const records = byCookie.body as Rec[];
    expect(records.map((r) => r.id)).toEqual([xferId]);
    expect(records[0]).not.toHaveProperty('files');
    expect(records[0]?.start_spec.cookie).toBe(cookie);
    expect(byCookie.headers.link).toMatch(/iteration_token=\d+>; rel="next"/);
    for (const tag of ['dam.job%3D1234', 'dam.job', `aspera.xfer_id%3D${xferId}`, '1234']) {
      expect(
        ((await fixture.api('GET', `/ops/transfers?tag=${tag}`)).body as Rec[]).map((r) => r.id),
      ).toEqual([xferId]);
    }
    expect((await fixture.api('GET', '/ops/transfers?tag=dam.job%3D9')).body).toEqual([]);
    expect((await fixture.api('GET', '/ops/transfers?active_only=true')).body).toEqual([]);
    expect(((await fixture.api('GET', '/ops/transfers?view=id')).body as string[]).includes(xferId)).toBe(
      true,
    );
    const next = String(byCookie.headers.link).match(/<([^>]+)>/)?.[1] ?? '';
    expect((await fixture.api('GET', next)).body).toEqual([]);
  });

  it('returns the full record with per-file status', async () => {
    const record = (await fixture.api('GET', `/ops/transfers/${xferId}`)).body as Rec;
    expect(record).toMatchObject({
      id: xferId,
      status: 'completed',
      error_code: 0,
      precalc: { bytes_expected: 50_000 },
    });
    expect(record.files).toEqual([
      expect.objectContaining({ path: '/incoming/a.mov', status: 'completed', bytes_written: 50_000 }),
    ]);
    expect((await fixture.api('GET', '/ops/transfers/unknown')).status).toBe(404);
  });

  it('adds CORS headers for allowed origins and answers preflights', async () => {
    const res = await fixture.api('GET', '/ops/transfers?view=id', undefined, {
      Origin: 'https://dam.example',
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://dam.example');
    expect(res.headers['access-control-expose-headers']).toMatch(/Link/);
    expect(
      (await fixture.api('GET', '/ping', undefined, { Origin: 'https://evil.example' })).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
    const preflight = await fixture.api('OPTIONS', '/ops/transfers', undefined, {
      Origin: 'https://dam.example',
    });
    expect(preflight.status).toBe(204);
  });

  it('browses the docroot, confined', async () => {
    const listing = (await fixture.api('POST', '/files/browse', { path: '/incoming' })).body as {
      items: { basename: string; type: string }[];
      total_count: number;
    };
    expect(listing.items.map((i) => [i.basename, i.type])).toContainEqual(['a.mov', 'file']);
    expect((await fixture.api('POST', '/files/browse', { path: '/../..' })).status).toBeGreaterThanOrEqual(
      400,
    );
  });

  it('serves Standard Download with ranges', async () => {
    writeFileSync(join(fixture.docroot, 'range.txt'), '0123456789');
    const part = await fixture.api('GET', '/files/content/range.txt', undefined, { Range: 'bytes=2-5' });
    expect([part.status, part.text, part.headers['content-range']]).toEqual([206, '2345', 'bytes 2-5/10']);
    expect(
      (await fixture.api('GET', '/files/content/range.txt', undefined, { Range: 'bytes=20-' })).status,
    ).toBe(416);
  });

  it('pauses, re-rates, resumes and cancels a running transfer (PUT and CANCEL)', async () => {
    const local = mkdtempSync(join(tmpdir(), 'live-'));
    writeFileSync(join(local, 'slow.bin'), randomBytes(4 * 1024 * 1024));
    const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming/live' });
    const id = (spec.tags as { aspera: { xfer_id: string } }).aspera.xfer_id;
    const handle = engine.start({
      ...spec,
      paths: [{ source: join(local, 'slow.bin') }],
      destination_root: '/incoming/live',
      target_rate_kbps: 4000,
      rate_policy: 'fixed',
    });
    const running = async () => {
      for (;;) {
        const res = await fixture.api('GET', `/ops/transfers/${id}`);
        if (res.status === 200 && (res.body as Rec).status === 'running') return;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await running();
    expect(
      ((await fixture.api('PUT', `/ops/transfers/${id}`, { status: 'paused' })).body as Rec).status,
    ).toBe('paused');
    const rated = (
      await fixture.api('PUT', `/ops/transfers/${id}`, { status: 'running', target_rate_kbps: 3000 })
    ).body as { status: string; sessions: { target_rate_kbps: number }[] };
    expect([rated.status, rated.sessions[0]?.target_rate_kbps]).toEqual(['running', 3000]);
    expect(await rawRequest(fixture, 'CANCEL', `/ops/transfers/${id}`, { Authorization: BASIC })).toMatch(
      /^HTTP\/1\.1 204/,
    );
    const info = await handle.done();
    expect([info.status, info.error_code]).toEqual(['cancelled', 28]);
    expect(((await fixture.api('GET', `/ops/transfers/${id}`)).body as Rec).status).toBe('canceled');
    expect(await rawRequest(fixture, 'CANCEL', `/ops/transfers/${id}`, {})).toMatch(/^HTTP\/1\.1 401/);
  });
});
