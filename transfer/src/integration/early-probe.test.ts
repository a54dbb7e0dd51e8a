import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ControlMessage, type RapidTransferSpec, rapidTransferSpec } from '@rapid/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectControl } from '../engine/connect-control.ts';
import { helloOf } from '../engine/hello-of.ts';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { ControlLink } from '../session/control-link.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';
import * as credentials from '../wire/udp-credentials.ts';

// The next client proposal can be made to name a given session id (the node's own fresh ids stay random).
let forcedId: number | undefined;
vi.mock('../wire/udp-credentials.ts', async (original) => {
  const actual = await original<typeof credentials>();
  return {
    ...actual,
    newCredentials: (cipher: string) => {
      const fresh = actual.newCredentials(cipher);
      if (forcedId === undefined) return fresh;
      const sessionId = forcedId;
      forcedId = undefined;
      return { ...fresh, sessionId };
    },
  };
});

let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });
const RATE = { target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' as const };

beforeAll(async () => {
  fixture = await startNodeFixture();
  writeFileSync(join(fixture.docroot, 'shared.bin'), randomBytes(64 * 1024));
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

async function downloadSpec(): Promise<RapidTransferSpec> {
  return rapidTransferSpec.parse(
    await setupSpec(fixture, 'download', { paths: [{ source: '/shared.bin' }] }),
  );
}

/** Opens a session on the control channel with this proposal and returns its link and the node's `accept`. */
async function openSession(spec: RapidTransferSpec, udp: credentials.UdpCredentialsWire) {
  const socket = await connectControl('127.0.0.1', fixture.node.ports.control, spec.sshfp);
  const link = new ControlLink(socket);
  link.send({ ...helloOf(spec, RATE), udp });
  const accept = (await link.next(5000)) as Extract<ControlMessage, { t: 'accept' }>;
  return { link, accept };
}

const proposal = (sessionId: number, keyBytes = 16) =>
  credentials.toWire({ sessionId, key: randomBytes(keyBytes), salt: randomBytes(4) });

describe('data-channel credentials the client proposes (PROTOCOL.md §2.4)', () => {
  it('are the session’s when they fit the cipher and the id is free; otherwise the node names its own', async () => {
    const spec = await downloadSpec();
    const wanted = proposal(5001);
    const taken = await openSession(spec, wanted);
    expect(taken.accept).toMatchObject(wanted);

    const again = await openSession(spec, proposal(5001));
    expect(again.accept.session_id).not.toBe(5001);
    const misfit = await openSession(spec, proposal(5002, 7));
    expect(misfit.accept.session_id).not.toBe(5002);
    expect(Buffer.from(misfit.accept.key ?? '', 'base64')).toHaveLength(16);
    for (const each of [taken, again, misfit]) each.link.close();
  });

  it('downloads when the node takes the proposal, and when it names its own (the client probes anew)', async () => {
    const holder = await openSession(await downloadSpec(), proposal(6001));
    expect(holder.accept.session_id).toBe(6001);
    for (const collides of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), 'early-probe-'));
      if (collides) forcedId = 6001;
      const info = await engine.start({ ...(await downloadSpec()), destination_root: dir }).done();
      expect(forcedId).toBeUndefined();
      expect(info.status, `${collides ? 'collision' : 'taken'}: ${info.error_desc}`).toBe('completed');
      expect(info.transport).toBe('fasp');
      expect(
        readFileSync(join(dir, 'shared.bin')).equals(readFileSync(join(fixture.docroot, 'shared.bin'))),
      ).toBe(true);
    }
    holder.link.close();
  });

  it('downloads over a file already there when the client takes every byte (the node sends before the plan)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'early-probe-'));
    writeFileSync(join(dir, 'shared.bin'), 'an older version');
    const info = await engine
      .start({ ...(await downloadSpec()), destination_root: dir, resume: 'none', overwrite: 'always' })
      .done();
    expect(info.status, info.error_desc).toBe('completed');
    expect(info.transport).toBe('fasp');
    expect(
      readFileSync(join(dir, 'shared.bin')).equals(readFileSync(join(fixture.docroot, 'shared.bin'))),
    ).toBe(true);
  });
});
