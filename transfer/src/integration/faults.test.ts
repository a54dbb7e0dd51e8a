import { createHash, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';
import { startUdpRelay } from '../test-support/udp-relay.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });
/** Blocked-UDP cases wait out the probe timeout on every attempt: keep it short there. */
const blockedEngine = new TransferEngine({ retryBaseMs: 50, probeTimeoutMs: 1000 });

beforeAll(async () => {
  fixture = await startNodeFixture();
});
afterAll(async () => {
  engine.stopAll();
  blockedEngine.stopAll();
  await fixture.close();
});

/** A UDP port nobody listens on: datagrams sent there vanish, as behind a firewall that drops UDP. */
async function deadUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address();
  socket.close();
  return port;
}

describe('faults on the data path', () => {
  it.each(['up', 'down'] as const)('recovers dropped and corrupted datagrams (%s)', async (direction) => {
    const relay = await startUdpRelay(fixture.node.ports.udp, {
      drop: (n, d) => (d !== 'up' || direction === 'up' ? n > 3 && n % 13 === 0 : false),
      corrupt: (n) => n > 3 && n % 29 === 0,
    });
    const data = randomBytes(2 * 1024 * 1024);
    const local = mkdtempSync(join(tmpdir(), 'lossy-'));
    try {
      if (direction === 'up') {
        writeFileSync(join(local, 'lossy.bin'), data);
        const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming/lossy' });
        const info = await engine
          .start({
            ...spec,
            fasp_port: relay.port,
            dgram_size: 1472,
            paths: [{ source: join(local, 'lossy.bin') }],
            destination_root: '/incoming/lossy',
          })
          .done();
        expect(info.status).toBe('completed');
        expect(info.bytes_lost).toBeGreaterThan(0);
        expect(sha(readFileSync(join(fixture.docroot, 'incoming/lossy/lossy.bin')))).toBe(sha(data));
      } else {
        writeFileSync(join(fixture.docroot, 'lossy-down.bin'), data);
        const spec = await setupSpec(fixture, 'download', { paths: [{ source: '/lossy-down.bin' }] });
        const info = await engine
          .start({ ...spec, fasp_port: relay.port, dgram_size: 1472, destination_root: local })
          .done();
        expect(info.status).toBe('completed');
        expect(sha(readFileSync(join(local, 'lossy-down.bin')))).toBe(sha(data));
      }
      expect(relay.counts.dropped + relay.counts.corrupted).toBeGreaterThan(10);
    } finally {
      relay.close();
    }
  });

  it('falls back to HTTPS with parallel ranged requests when UDP is blocked, both ways', async () => {
    const data = randomBytes(20 * 1024 * 1024 + 3);
    const local = mkdtempSync(join(tmpdir(), 'fallback-'));
    writeFileSync(join(local, 'f.bin'), data);
    const fasp_port = await deadUdpPort();
    const up = await setupSpec(fixture, 'upload', { destination_root: '/incoming/fb' });
    const upInfo = await blockedEngine
      .start({
        ...up,
        fasp_port,
        paths: [{ source: join(local, 'f.bin') }],
        destination_root: '/incoming/fb',
      })
      .done();
    expect([upInfo.status, upInfo.transport]).toEqual(['completed', 'http']);
    expect(sha(readFileSync(join(fixture.docroot, 'incoming/fb/f.bin')))).toBe(sha(data));

    const down = await setupSpec(fixture, 'download', { paths: [{ source: '/incoming/fb/f.bin' }] });
    const target = mkdtempSync(join(tmpdir(), 'fallback-down-'));
    const downInfo = await blockedEngine.start({ ...down, fasp_port, destination_root: target }).done();
    expect([downInfo.status, downInfo.transport]).toEqual(['completed', 'http']);
    expect(sha(readFileSync(join(target, 'f.bin')))).toBe(sha(data));
  });

  it('fails with error 14 after its retries when UDP is blocked and http_fallback is off', async () => {
    const local = mkdtempSync(join(tmpdir(), 'nofb-'));
    writeFileSync(join(local, 'f.bin'), 'x');
    const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming' });
    const statuses: string[] = [];
    const handle = blockedEngine.start(
      {
        ...spec,
        fasp_port: await deadUdpPort(),
        http_fallback: false,
        paths: [{ source: join(local, 'f.bin') }],
        destination_root: '/incoming',
      },
      { retries: 1 },
    );
    handle.on('progress', (info) => {
      if (statuses.at(-1) !== info.status) statuses.push(info.status);
    });
    const info = await handle.done();
    expect(statuses).toEqual(['running', 'willretry', 'running', 'failed']);
    expect([info.error_code, info.retry_count]).toEqual([14, 1]);
  });
});
