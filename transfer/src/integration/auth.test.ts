import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../auth/transfer-token.ts';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';

let fixture: NodeFixture;
let source: string;
const engine = new TransferEngine({ retryBaseMs: 50 });

beforeAll(async () => {
  fixture = await startNodeFixture();
  source = join(mkdtempSync(join(tmpdir(), 'auth-')), 'f.txt');
  writeFileSync(source, 'data');
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

const claims = (overrides: object) => ({
  v: 1 as const,
  dir: 'send' as const,
  user: 'dam',
  node_id: 'node-test',
  roots: ['/incoming'],
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 600,
  xfer_id: 'auth-test',
  ...overrides,
});

describe('transfer token checks on the control channel', () => {
  it.each([
    [
      'expired',
      () => signToken(fixture.config.secret, claims({ exp: Math.floor(Date.now() / 1000) - 120 })),
      19,
    ],
    ['tampered', () => `${signToken(fixture.config.secret, claims({}))}x`, 19],
    ['signed by another node', () => signToken(Buffer.alloc(32, 1), claims({})), 19],
    ['for downloads', () => signToken(fixture.config.secret, claims({ dir: 'receive' })), 19],
    ['for another folder', () => signToken(fixture.config.secret, claims({ roots: ['/elsewhere'] })), 41],
  ])('refuses an upload with a token %s, without retrying', async (_name, token, code) => {
    const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming' });
    const info = await engine
      .start({ ...spec, token: token(), paths: [{ source }], destination_root: '/incoming' })
      .done();
    expect([info.status, info.error_code, info.retry_count]).toEqual(['failed', code, 0]);
  });

  it('refuses a download outside the token roots with 41', async () => {
    writeFileSync(join(fixture.docroot, 'secret.txt'), 'nope');
    const spec = await setupSpec(fixture, 'download', { paths: [{ source: '/incoming' }] });
    const info = await engine
      .start({
        ...spec,
        paths: [{ source: '/secret.txt' }],
        destination_root: mkdtempSync(join(tmpdir(), 'a-')),
      })
      .done();
    expect([info.status, info.error_code]).toEqual(['failed', 41]);
  });

  it('refuses a pinned certificate mismatch with 51', async () => {
    const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming' });
    const info = await engine
      .start({ ...spec, sshfp: 'ab'.repeat(32), paths: [{ source }], destination_root: '/incoming' })
      .done();
    expect([info.status, info.error_code]).toEqual(['failed', 51]);
  });

  it('refuses the HTTPS content endpoints without a valid token or node user', async () => {
    writeFileSync(join(fixture.docroot, 'incoming', 'c.txt'), 'content');
    expect(
      (
        await fixture.api('GET', '/files/content/incoming/c.txt', undefined, {
          Authorization: 'Bearer RT1.x.y',
        })
      ).status,
    ).toBe(401);
    const download = await setupSpec(fixture, 'download', { paths: [{ source: '/incoming' }] });
    const ok = await fixture.api('GET', '/files/content/incoming/c.txt', undefined, {
      Authorization: `Bearer ${download.token}`,
    });
    expect([ok.status, ok.text]).toEqual([200, 'content']);
    const wrongWay = await fixture.api('PUT', '/files/content/incoming/c.txt', undefined, {
      Authorization: `Bearer ${download.token}`,
      'Content-Length': '0',
    });
    expect(wrongWay.status).toBe(401);
    const outside = await fixture.api('GET', '/files/content/secret.txt', undefined, {
      Authorization: `Bearer ${download.token}`,
    });
    expect(outside.status).toBe(401);
  });
});
