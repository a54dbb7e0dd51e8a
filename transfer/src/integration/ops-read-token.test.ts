import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOpsReadToken } from '../auth/ops-read-token.ts';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';

let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });
const mine = 'ada,2026-11-24T10:00:00Z,1,/incoming,/incoming';
const theirs = 'bob,2026-11-24T10:00:00Z,1,/incoming,/incoming';
const ids: Record<string, string> = {};

async function upload(cookie: string, name: string) {
  const local = mkdtempSync(join(tmpdir(), 'ops-read-'));
  writeFileSync(join(local, name), randomBytes(20_000));
  const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming', cookie });
  ids[cookie] = (spec.tags as { aspera: { xfer_id: string } }).aspera.xfer_id;
  const info = await engine.start({ ...spec, paths: [{ source: join(local, name) }] }).done();
  expect(info.status).toBe('completed');
}

beforeAll(async () => {
  fixture = await startNodeFixture();
  await upload(mine, 'mine.bin');
  await upload(theirs, 'theirs.bin');
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

async function readToken(cookie: string, ttl = 60): Promise<string> {
  const reply = await fixture.api('POST', '/rapid/ops_read_token', { cookie, ttl_seconds: ttl });
  expect(reply.status).toBe(201);
  return (reply.body as { token: string }).token;
}

describe('a read credential for one cookie (what the DAM hands the browser)', () => {
  it('lists only that cookie’s transfers, whatever tag the caller asks for', async () => {
    const token = await readToken(mine);
    expect(token).toMatch(/^Bearer RO1\./);
    for (const query of ['?filter=summary', `?filter=summary&tag=${encodeURIComponent(theirs)}`]) {
      const list = await fixture.api('GET', `/ops/transfers${query}`, undefined, { Authorization: token });
      expect(list.status).toBe(200);
      expect((list.body as { start_spec: { cookie: string } }[]).map((t) => t.start_spec.cookie)).toEqual([
        mine,
      ]);
    }
  });

  it('reads its own transfer, and another cookie’s transfer does not exist for it', async () => {
    const token = await readToken(mine);
    const own = await fixture.api('GET', `/ops/transfers/${ids[mine]}`, undefined, { Authorization: token });
    expect(own.status).toBe(200);
    expect((own.body as { files: { path: string }[] }).files[0]?.path).toContain('mine.bin');
    const other = await fixture.api('GET', `/ops/transfers/${ids[theirs]}`, undefined, {
      Authorization: token,
    });
    expect(other.status).toBe(404);
  });

  it('can change nothing and reach nothing else', async () => {
    const token = await readToken(mine);
    const put = await fixture.api(
      'PUT',
      `/ops/transfers/${ids[mine]}`,
      { status: 'paused' },
      { Authorization: token },
    );
    expect(put.status).toBe(403);
    expect((await fixture.api('GET', '/info', undefined, { Authorization: token })).status).toBe(403);
    const setup = await fixture.api(
      'POST',
      '/files/download_setup',
      { transfer_requests: [{ transfer_request: { paths: [{ source: '/incoming/mine.bin' }] } }] },
      { Authorization: token },
    );
    expect(setup.status).toBe(403);
    expect(
      (await fixture.api('POST', '/rapid/ops_read_token', { cookie: theirs }, { Authorization: token }))
        .status,
    ).toBe(403);
  });

  it('is refused once expired, or when forged', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signOpsReadToken(fixture.config.secret, {
      v: 1,
      node_id: fixture.config.nodeId,
      cookie: mine,
      iat: now - 600,
      exp: now - 120,
    });
    const stale = await fixture.api('GET', '/ops/transfers', undefined, {
      Authorization: `Bearer ${expired}`,
    });
    expect(stale.status).toBe(401);
    const forged = signOpsReadToken(randomBytes(32), {
      v: 1,
      node_id: fixture.config.nodeId,
      cookie: mine,
      iat: now,
      exp: now + 60,
    });
    expect(
      (await fixture.api('GET', '/ops/transfers', undefined, { Authorization: `Bearer ${forged}` })).status,
    ).toBe(401);
  });

  it('is issued only to the node user, for at most an hour', async () => {
    expect(
      (await fixture.api('POST', '/rapid/ops_read_token', { cookie: mine }, { Authorization: '' })).status,
    ).toBe(401);
    expect(
      (await fixture.api('POST', '/rapid/ops_read_token', { cookie: mine, ttl_seconds: 86_400 })).status,
    ).toBe(400);
    expect((await fixture.api('POST', '/rapid/ops_read_token', { cookie: '' })).status).toBe(400);
  });

  it('works from the DAM’s page: the CORS answer names its origin', async () => {
    const token = await readToken(mine);
    const list = await fixture.api('GET', '/ops/transfers?filter=summary', undefined, {
      Authorization: token,
      Origin: 'https://dam.example',
    });
    expect(list.headers['access-control-allow-origin']).toBe('https://dam.example');
  });
});
