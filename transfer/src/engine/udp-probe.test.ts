import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { PacketType, readHeader } from '../wire/packet.ts';
import { PacketCodec } from '../wire/packet-codec.ts';
import { openUdp, probeUdp } from './udp-probe.ts';

const codec = new PacketCodec(randomBytes(16), randomBytes(4));
const SESSION = 7;
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A node's UDP socket that answers probes with PROBE_ACK only from `answerAfterMs` on (earlier answers are "lost"). */
async function node(answerAfterMs: number) {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const startedAt = performance.now();
  let probes = 0;
  socket.on('message', (packet, from) => {
    const header = readHeader(packet);
    if (header?.type !== PacketType.probe || !codec.open('client', packet)) return;
    probes++;
    if (performance.now() - startedAt < answerAfterMs) return;
    socket.send(
      codec.seal('node', { ...header, type: PacketType.probeAck, flags: 0 }, Buffer.alloc(0)),
      from.port,
      from.address,
    );
  });
  closers.push(() => socket.close());
  return { port: socket.address().port, probes: () => probes };
}

describe('probeUdp', () => {
  it('gives up after its timeout when nothing says UDP reaches the node (blocked: fall back)', async () => {
    const { port, probes } = await node(60_000);
    const path = await openUdp('127.0.0.1', port);
    closers.push(() => path.socket.close());
    expect(await probeUdp(path, codec, SESSION, { timeoutMs: 250 })).toBe(false);
    expect(probes()).toBeGreaterThan(0);
  });

  it('keeps probing past its timeout while the node says it receives the probes, until an answer gets through', async () => {
    const { port } = await node(600);
    const path = await openUdp('127.0.0.1', port);
    closers.push(() => path.socket.close());
    const startedAt = performance.now();
    expect(
      await probeUdp(path, codec, SESSION, { timeoutMs: 250, reachable: () => true, reachableMs: 5_000 }),
    ).toBe(true);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(550);
  });

  it('starts its timeout only when armed: the node may take a while to read the hello', async () => {
    const { port } = await node(400);
    const path = await openUdp('127.0.0.1', port);
    closers.push(() => path.socket.close());
    let arm = () => {};
    const armed = new Promise<void>((resolve) => {
      arm = resolve;
    });
    setTimeout(arm, 300);
    expect(await probeUdp(path, codec, SESSION, { timeoutMs: 250, armed })).toBe(true);
  });

  it('stops at once, unanswered, when aborted (the node chose other credentials)', async () => {
    const { port, probes } = await node(60_000);
    const path = await openUdp('127.0.0.1', port);
    closers.push(() => path.socket.close());
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 150);
    const startedAt = performance.now();
    expect(await probeUdp(path, codec, SESSION, { timeoutMs: 5_000, signal: abort.signal })).toBe(false);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    const sent = probes();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(probes()).toBe(sent);
  });
});
