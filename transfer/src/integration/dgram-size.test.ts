import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';
import { startUdpRelay } from '../test-support/udp-relay.ts';
import { dgramSizeForMtu, interfaceMtu } from '../wire/path-mtu.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });

beforeAll(async () => {
  fixture = await startNodeFixture();
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

async function upload(extra: { dgram_size?: number }) {
  const relay = await startUdpRelay(fixture.node.ports.udp, {});
  const data = randomBytes(3 * 1024 * 1024 + 5);
  const local = mkdtempSync(join(tmpdir(), 'dgram-'));
  writeFileSync(join(local, 'd.bin'), data);
  const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming/dgram' });
  try {
    const info = await engine
      .start({
        ...spec,
        ...extra,
        fasp_port: relay.port,
        paths: [{ source: join(local, 'd.bin') }],
        destination_root: '/incoming/dgram',
        overwrite: 'always',
      })
      .done();
    expect(info.status).toBe('completed');
    expect(sha(readFileSync(join(fixture.docroot, 'incoming/dgram/d.bin')))).toBe(sha(data));
    return relay.counts.largest;
  } finally {
    relay.close();
  }
}

describe('datagram size', () => {
  it('follows the loopback MTU when the spec names none', async () => {
    const expected = dgramSizeForMtu(interfaceMtu('127.0.0.1'), interfaceMtu('127.0.0.1'), false);
    expect(await upload({})).toBe(expected);
  });

  it('uses an explicit dgram_size from the spec', async () => {
    expect(await upload({ dgram_size: 1000 })).toBe(1000);
  });
});
