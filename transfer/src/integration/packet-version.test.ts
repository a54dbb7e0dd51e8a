import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ControlMessage, type RapidTransferSpec, rapidTransferSpec } from '@rapid/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectControl } from '../engine/connect-control.ts';
import type * as helloModule from '../engine/hello-of.ts';
import { helloOf } from '../engine/hello-of.ts';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { ControlLink } from '../session/control-link.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';
import type * as credentials from '../wire/udp-credentials.ts';

// The packet layout both ends agree on in hello/accept (PROTOCOL.md §2.1), on a real node. A client of an older build
// names no `packet_versions`; every codec either end makes is recorded with its version.
let olderClient = false;
const codecVersions: number[] = [];
vi.mock('../engine/hello-of.ts', async (original) => {
  const actual = await original<typeof helloModule>();
  return {
    ...actual,
    helloOf: (...args: Parameters<typeof actual.helloOf>) => {
      const hello = actual.helloOf(...args);
      if (!olderClient) return hello;
      const { packet_versions: _dropped, ...older } = hello;
      return older;
    },
  };
});
vi.mock('../wire/udp-credentials.ts', async (original) => {
  const actual = await original<typeof credentials>();
  return {
    ...actual,
    codecOf: (...args: Parameters<typeof actual.codecOf>) => {
      const codec = actual.codecOf(...args);
      codecVersions.push(codec.version);
      return codec;
    },
  };
});

let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });

beforeAll(async () => {
  fixture = await startNodeFixture();
  writeFileSync(join(fixture.docroot, 'source.bin'), randomBytes(300 * 1024));
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});
beforeEach(() => {
  olderClient = false;
  codecVersions.length = 0;
});

async function acceptFor(packetVersions: number[] | undefined) {
  const spec = rapidTransferSpec.parse(
    await setupSpec(fixture, 'download', { paths: [{ source: '/source.bin' }] }),
  );
  const socket = await connectControl('127.0.0.1', fixture.node.ports.control, spec.sshfp);
  const link = new ControlLink(socket);
  const { packet_versions: _own, ...hello } = helloOf(spec, {
    target_rate_kbps: 100_000,
    min_rate_kbps: 0,
    rate_policy: 'fair',
  });
  link.send({ ...hello, ...(packetVersions ? { packet_versions: packetVersions } : {}) });
  const accept = (await link.next(5000)) as Extract<ControlMessage, { t: 'accept' }>;
  link.close();
  return accept.packet_version;
}

async function roundTrip(): Promise<void> {
  const down = mkdtempSync(join(tmpdir(), 'packet-version-'));
  const downloadSpec: RapidTransferSpec = rapidTransferSpec.parse(
    await setupSpec(fixture, 'download', { paths: [{ source: '/source.bin' }] }),
  );
  const downloaded = await engine.start({ ...downloadSpec, destination_root: down }).done();
  expect(downloaded.status, downloaded.error_desc).toBe('completed');
  expect(downloaded.transport).toBe('fasp');
  const uploadSpec: RapidTransferSpec = rapidTransferSpec.parse(
    await setupSpec(fixture, 'upload', {
      paths: [{ source: join(down, 'source.bin'), destination: 'back.bin' }],
      destination_root: '/',
    }),
  );
  const uploaded = await engine.start(uploadSpec).done();
  expect(uploaded.status, uploaded.error_desc).toBe('completed');
  expect(uploaded.transport).toBe('fasp');
  const original = readFileSync(join(fixture.docroot, 'source.bin'));
  expect(readFileSync(join(down, 'source.bin')).equals(original)).toBe(true);
  expect(readFileSync(join(fixture.docroot, 'back.bin')).equals(original)).toBe(true);
}

describe('the data packet layout (PROTOCOL.md §2.1)', () => {
  it('is the newest both ends name, and version 1 for a client that names none', async () => {
    expect(await acceptFor([1, 2])).toBe(2);
    expect(await acceptFor([2, 1])).toBe(2);
    expect(await acceptFor([1, 9])).toBe(1);
    expect(await acceptFor(undefined)).toBe(1);
  });

  it('moves files both ways in version 2 between ends of this build', async () => {
    await roundTrip();
    // Both ends' session codecs for each of the two sessions; the client's early probes stay in version 1, which
    // every node reads.
    expect(codecVersions.filter((version) => version === 2)).toHaveLength(4);
  });

  it('moves files both ways in version 1 with a client of an older build', async () => {
    olderClient = true;
    await roundTrip();
    // The client's probe codecs and both ends' session codecs: nothing seals in version 2.
    expect(codecVersions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(codecVersions)).toEqual(new Set([1]));
  });
});
