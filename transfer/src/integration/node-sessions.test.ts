import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ControlMessage, type RapidTransferSpec, rapidTransferSpec } from '@rapid/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectControl } from '../engine/connect-control.ts';
import { helloOf } from '../engine/hello-of.ts';
import { ControlLink } from '../session/control-link.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';

let fixture: NodeFixture;

beforeAll(async () => {
  fixture = await startNodeFixture();
  writeFileSync(join(fixture.docroot, 'shared.bin'), Buffer.alloc(4096, 1));
});
afterAll(async () => {
  await fixture.close();
});

/** Opens a download session on the control channel and returns its link and the node's `accept`. */
async function openSession(spec: RapidTransferSpec) {
  const socket = await connectControl('127.0.0.1', fixture.node.ports.control, spec.sshfp);
  const link = new ControlLink(socket);
  link.send(helloOf(spec, { target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' }));
  const accept = (await link.next(5000)) as Extract<ControlMessage, { t: 'accept' }>;
  return { link, accept };
}

describe('node_sessions', () => {
  it("counts the node's sessions, this one included, in each accept, and forgets a session once it ends", async () => {
    const spec = rapidTransferSpec.parse(
      await setupSpec(fixture, 'download', { paths: [{ source: '/shared.bin' }] }),
    );
    const first = await openSession(spec);
    expect(first.accept.t).toBe('accept');
    expect(first.accept.node_sessions).toBe(1);
    const second = await openSession(spec);
    expect(second.accept.node_sessions).toBe(2);
    first.link.close();
    second.link.close();
    await expect
      .poll(async () => {
        const third = await openSession(spec);
        third.link.close();
        return third.accept.node_sessions;
      })
      .toBe(1);
  });
});
