import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confinePath } from '../fs/confine-path.ts';
import { controlPair, type Faults, udpPair } from '../test-support/session-pair.ts';
import { PacketCodec } from '../wire/packet-codec.ts';
import type { ControlLink } from './control-link.ts';
import { Receiver } from './receiver.ts';
import { Sender, type SenderFile } from './sender.ts';
import type { DataLink } from './session-types.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Wiring {
  /** Called with the sender's control link before the session starts. */
  senderControl?: (link: Awaited<ReturnType<typeof controlPair>>[0]) => void;
  receiverControl?: (link: Awaited<ReturnType<typeof controlPair>>[1]) => void;
  senderDataPath?: Promise<unknown>;
  receiverDataPath?: Promise<unknown>;
  resume?: 'none' | 'sparse_checksum';
  /** The receiver may report completions many to a `files_done`. */
  filesDone?: boolean;
  /** The receiver takes every byte (`hello.takes_all`): the sender starts before the plan. */
  planAhead?: boolean;
  /** Prepares the destination folder before the session starts. */
  destination?: (dst: string) => void;
  /** What the receiver reports of its socket: its buffer and the bytes waiting in it. */
  receiverSocket?: { bufferBytes: number; queuedBytes: () => number };
  /** The sender's fixed rate (default 400 Mbit/s). */
  rateKbps?: number;
  /** The datagram size (default 1,472). */
  dgramSize?: number;
  /** Wraps the sender's data link. */
  senderData?: (link: DataLink) => DataLink;
}

async function transfer(
  files: { name: string; data: Buffer }[],
  faults: Faults = {},
  key: Buffer | undefined = randomBytes(16),
  wiring: Wiring = {},
) {
  const src = mkdtempSync(join(tmpdir(), 'src-'));
  const dst = mkdtempSync(join(tmpdir(), 'dst-'));
  wiring.destination?.(dst);
  const senderFiles: SenderFile[] = files.map(({ name, data }) => {
    const source = join(src, name.replaceAll('/', '_'));
    writeFileSync(source, data);
    return { path: name, source, size: data.length, mtime_ms: statSync(source).mtimeMs };
  });
  const [senderControl, receiverControl] = await controlPair();
  wiring.senderControl?.(senderControl);
  wiring.receiverControl?.(receiverControl);
  /** The type of every message the receiver sent, `file_done`s with their status. */
  const sent: string[] = [];
  const send = receiverControl.send.bind(receiverControl);
  receiverControl.send = (message) => {
    sent.push(message.t === 'file_done' ? `file_done:${message.status}` : message.t);
    send(message);
  };
  const udp = await udpPair(faults);
  const codec = new PacketCodec(key, randomBytes(4));
  const sender = new Sender({
    control: senderControl,
    data: wiring.senderData ? wiring.senderData(udp.aToB) : udp.aToB,
    codec,
    role: 'client',
    sessionId: 9,
    dgramSize: wiring.dgramSize ?? 1472,
    rate: { target_rate_kbps: wiring.rateKbps ?? 400_000, min_rate_kbps: 0, rate_policy: 'fixed' },
    resume: wiring.resume ?? 'sparse_checksum',
    fileChecksum: 'sha-256',
    files: senderFiles,
    ...(wiring.senderDataPath ? { dataPath: wiring.senderDataPath } : {}),
    ...(wiring.planAhead ? { planAhead: true } : {}),
  });
  const receiver = new Receiver({
    control: receiverControl,
    codec,
    peerRole: 'client',
    sessionId: 9,
    resolveDestination: (path) => confinePath(dst, path),
    resume: wiring.resume ?? 'sparse_checksum',
    overwrite: wiring.planAhead ? 'always' : 'diff',
    preserveTimes: true,
    fileChecksum: 'sha-256',
    ...(wiring.receiverDataPath ? { dataPath: wiring.receiverDataPath } : {}),
    ...(wiring.filesDone ? { filesDone: true } : {}),
    ...(wiring.receiverSocket
      ? {
          socketBufferBytes: wiring.receiverSocket.bufferBytes,
          socketQueuedBytes: wiring.receiverSocket.queuedBytes,
        }
      : {}),
  });
  udp.b.on('message', (packet) => receiver.onDatagram(packet));
  try {
    await Promise.all([sender.run(), receiver.run()]);
  } finally {
    udp.close();
    senderControl.close();
  }
  return { dst, sender, receiver, sent };
}

describe('sender and receiver over real sockets', () => {
  it('moves several files, including empty and nested ones, byte for byte', async () => {
    const files = [
      { name: 'a.bin', data: randomBytes(300_000) },
      { name: 'empty', data: Buffer.alloc(0) },
      { name: 'dir/b.bin', data: randomBytes(5_000) },
    ];
    const { dst, sender, receiver } = await transfer(files);
    for (const { name, data } of files) expect(sha(readFileSync(join(dst, name)))).toBe(sha(data));
    expect(sender.files.map((f) => f.status)).toEqual(['completed', 'completed', 'completed']);
    expect(receiver.files[0]?.checksum).toBe(sha(files[0]?.data as Buffer));
  });

  it("reports its socket's buffer and backlog with each feedback", async () => {
    const feedback: { buffer?: number; queued?: number }[] = [];
    let queued = 0;
    const data = randomBytes(2_000_000);
    const { dst } = await transfer([{ name: 'reported.bin', data }], {}, randomBytes(16), {
      receiverSocket: { bufferBytes: 8 * 1024 * 1024, queuedBytes: () => (queued += 1000) },
      receiverControl: (link) => {
        const send = link.send.bind(link);
        link.send = (message) => {
          if (message.t === 'feedback')
            feedback.push({ buffer: message.rx_buffer_bytes, queued: message.rx_queue_bytes });
          send(message);
        };
      },
    });
    expect(sha(readFileSync(join(dst, 'reported.bin')))).toBe(sha(data));
    expect(feedback.length).toBeGreaterThan(0);
    expect(feedback.every((f) => f.buffer === 8 * 1024 * 1024)).toBe(true);
    expect(feedback.map((f) => f.queued)).toEqual(feedback.map((_, i) => (i + 1) * 1000));
  });

  it('paces to the buffer the receiver reports: no turn sends more than a quarter of it, however fast the rate', async () => {
    // 16,000-byte datagrams are charged 16,640 bytes each: a quarter of 256 KiB holds 3 of them. Uncapped, the bucket
    // alone (5 ms at 400 Mbit/s) lets 15 go back to back.
    let feedbackSeen = false;
    let inTurn = 0;
    const turns: number[] = [];
    // Enough datagrams (500) that, however late the first feedback comes on a loaded machine, many turns follow it.
    const data = randomBytes(8_000_000);
    const { dst } = await transfer([{ name: 'paced.bin', data }], {}, randomBytes(16), {
      dgramSize: 16_000,
      receiverSocket: { bufferBytes: 256 * 1024, queuedBytes: () => 0 },
      senderControl: (link) => {
        const onMessage = link.onMessage.bind(link);
        link.onMessage = (handler) =>
          onMessage((message) => {
            if (message.t === 'feedback') feedbackSeen = true;
            handler(message);
          });
      },
      senderData: (link) => ({
        backlog: () => link.backlog(),
        send: (parts) => {
          if (inTurn === 0) {
            // Turns that began after the receiver's buffer was known.
            const counted = feedbackSeen;
            setImmediate(() => {
              if (counted) turns.push(inTurn);
              inTurn = 0;
            });
          }
          inTurn++;
          link.send(parts);
        },
      }),
    });
    expect(sha(readFileSync(join(dst, 'paced.bin')))).toBe(sha(data));
    expect(turns.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...turns)).toBeLessThanOrEqual(3);
  });

  it('a slow session answers every 32 datagrams or 200 ms, not every 50 ms: control follows the rate', async () => {
    const at: number[] = [];
    const data = randomBytes(400_000);
    // 2 Mbit/s of 1,472-byte datagrams: about 9 per 50 ms, for 1.6 s.
    const { dst } = await transfer([{ name: 'slow.bin', data }], {}, randomBytes(16), {
      rateKbps: 2_000,
      receiverControl: (link) => {
        const send = link.send.bind(link);
        link.send = (message) => {
          if (message.t === 'feedback' && message.received_bytes > 0) at.push(performance.now());
          send(message);
        };
      },
    });
    expect(sha(readFileSync(join(dst, 'slow.bin')))).toBe(sha(data));
    // Every 50 ms would be 32 of them.
    expect(at.length).toBeLessThan(16);
    const gaps = at.slice(1).map((t, i) => t - (at[i] as number));
    expect(Math.max(...gaps)).toBeLessThan(200 + 100);
  });

  it('starts data on a plan the receiver applied itself, without waiting for the decision round trip', async () => {
    const data = randomBytes(200_000);
    const sent: string[] = [];
    const { dst, sender } = await transfer([{ name: 'fresh.bin', data }], {}, randomBytes(16), {
      // Nothing to sample on a fresh destination: the decision is withheld and the session must not need it.
      senderControl: (link) => {
        const send = link.send.bind(link);
        link.send = (message) => {
          sent.push(message.t);
          if (message.t !== 'decision') send(message);
        };
      },
    });
    expect(sha(readFileSync(join(dst, 'fresh.bin')))).toBe(sha(data));
    expect(sender.files[0]?.status).toBe('completed');
    expect(sent).toContain('decision');
  });

  it('plans ahead for a receiver that takes every byte: data before the plan, held until the plan is applied', async () => {
    const data = randomBytes(400_000);
    const order: string[] = [];
    const { dst, sender } = await transfer([{ name: 'ahead.bin', data }], {}, randomBytes(16), {
      resume: 'none',
      planAhead: true,
      // The control channel is slow (in order), so the first datagrams come before the receiver has a plan.
      senderControl: (link) => {
        const send = link.send.bind(link);
        link.send = (message) => {
          if (message.t === 'status' && message.sent_bytes > 0) order.push('data');
          setTimeout(() => send(message), 150);
        };
      },
      receiverControl: (link) => {
        const send = link.send.bind(link);
        link.send = (message) => {
          if (message.t === 'plan') order.push('plan');
          send(message);
        };
      },
    });
    expect(sha(readFileSync(join(dst, 'ahead.bin')))).toBe(sha(data));
    expect(sender.files[0]?.status).toBe('completed');
    // Held, not lost: nothing was sent twice.
    expect(sender.counters.bytesLost).toBe(0);
    expect(order.indexOf('data')).toBeLessThan(order.indexOf('plan'));
    expect(order.indexOf('data')).toBeGreaterThanOrEqual(0);
  });

  it('after planning ahead, stops sending a file the plan skips (its path leaves the destination)', async () => {
    const kept = randomBytes(50_000);
    const { dst, sender } = await transfer(
      [
        { name: '../outside.bin', data: randomBytes(20_000_000) },
        { name: 'kept.bin', data: kept },
      ],
      {},
      randomBytes(16),
      { resume: 'none', planAhead: true },
    );
    expect(sender.files.map((file) => file.status)).toEqual(['failed', 'completed']);
    expect(sha(readFileSync(join(dst, 'kept.bin')))).toBe(sha(kept));
    expect(sender.counters.bytesTransferred).toBeLessThan(20_000_000);
  });

  it("the receiver finishes once every outcome is reported, without waiting a round trip for the sender's done", async () => {
    const data = randomBytes(120_000);
    const { dst, receiver } = await transfer([{ name: 'quick.bin', data }], {}, randomBytes(16), {
      senderControl: (link) => {
        const send = link.send.bind(link);
        link.send = (message) => {
          if (message.t !== 'done') send(message);
        };
      },
    });
    expect(sha(readFileSync(join(dst, 'quick.bin')))).toBe(sha(data));
    expect(receiver.files[0]?.status).toBe('completed');
  });

  it('holds data, skips and files already whole until the data path is known', async () => {
    let openPath: () => void = () => {};
    const dataPath = new Promise<void>((resolve) => {
      openPath = resolve;
    });
    const files = [
      { name: 'empty', data: Buffer.alloc(0) },
      { name: 'some.bin', data: randomBytes(50_000) },
    ];
    const sent: string[] = [];
    const record = (side: string) => (link: ControlLink) => {
      const send = link.send.bind(link);
      link.send = (message) => {
        if (message.t !== 'status' && message.t !== 'feedback') sent.push(`${side} ${message.t}`);
        send(message);
      };
    };
    const session = transfer(files, {}, randomBytes(16), {
      senderDataPath: dataPath,
      receiverDataPath: dataPath,
      senderControl: record('sender'),
      receiverControl: record('receiver'),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Offer and plan went; the decision waits for the data path, and so do the empty file's completion and the data.
    expect(sent).toEqual(['sender offer', 'receiver plan']);
    openPath();
    const { dst, sender } = await session;
    expect(sender.files.map((f) => f.status)).toEqual(['completed', 'completed']);
    expect(readFileSync(join(dst, 'empty')).length).toBe(0);
    expect(sha(readFileSync(join(dst, 'some.bin')))).toBe(sha(files[1]?.data as Buffer));
  });

  it('recovers dropped and corrupted packets by NACK and retransmission', async () => {
    const data = randomBytes(400_000);
    const { dst, sender } = await transfer([{ name: 'lossy.bin', data }], {
      drop: (n) => n % 17 === 0 || (n > 250 && n < 260),
      corrupt: (n) => n % 23 === 0,
    });
    expect(sha(readFileSync(join(dst, 'lossy.bin')))).toBe(sha(data));
    expect(sender.counters.bytesLost).toBeGreaterThan(0);
  });

  it('recovers the loss of the very last packets (tail loss) without a cipher', async () => {
    const data = randomBytes(50_000);
    const { dst } = await transfer([{ name: 't.bin', data }], { drop: (n) => n >= 34 && n <= 36 }, undefined);
    expect(sha(readFileSync(join(dst, 't.bin')))).toBe(sha(data));
  });

  it('moves many small files through memory whole, with loss, and leaves no partial or checkpoint', async () => {
    const files = Array.from({ length: 700 }, (_, i) => ({
      name: `small/${String(i).padStart(3, '0')}.bin`,
      data: randomBytes(i % 7 === 0 ? 20_000 : (i * 37) % 4_000),
    }));
    const { dst, sender, receiver } = await transfer(files, { drop: (n) => n % 29 === 0 });
    for (const { name, data } of files) expect(sha(readFileSync(join(dst, name))), name).toBe(sha(data));
    expect(readdirSync(join(dst, 'small')).filter((name) => name.includes('.partial'))).toEqual([]);
    expect(sender.files.every((f) => f.status === 'completed')).toBe(true);
    expect(sender.counters.bytesLost).toBeGreaterThan(0);
    expect(receiver.files[7]?.checksum).toBe(sha(files[7]?.data as Buffer));
  });

  it('reports completed files many to a files_done to a sender that takes it, one by one otherwise', async () => {
    const files = Array.from({ length: 60 }, (_, i) => ({ name: `d/${i}`, data: randomBytes(100 + i) }));
    const batched = await transfer(files, {}, randomBytes(16), { filesDone: true });
    expect(batched.sender.files.every((f) => f.status === 'completed')).toBe(true);
    expect(batched.sent).not.toContain('file_done:completed');
    expect(batched.sent.filter((t) => t === 'files_done').length).toBeLessThan(files.length);
    const single = await transfer(files, {}, randomBytes(16));
    expect(single.sender.files.every((f) => f.status === 'completed')).toBe(true);
    expect(single.sent.filter((t) => t === 'file_done:completed')).toHaveLength(files.length);
    expect(single.sent).not.toContain('files_done');
  });

  it('stops sending a file the receiver cannot open (a folder where its .partial goes), and completes the rest', async () => {
    const kept = randomBytes(50_000);
    const { dst, sender } = await transfer(
      [
        { name: 'taken.bin', data: randomBytes(20_000_000) },
        { name: 'kept.bin', data: kept },
      ],
      {},
      randomBytes(16),
      { resume: 'none', planAhead: true, destination: (dst) => mkdirSync(join(dst, 'taken.bin.partial')) },
    );
    expect(sender.files.map((file) => file.status)).toEqual(['failed', 'completed']);
    expect(sha(readFileSync(join(dst, 'kept.bin')))).toBe(sha(kept));
    expect(sender.counters.bytesTransferred).toBeLessThan(20_000_000);
  });

  it('refuses a hostile offered path and completes the rest', async () => {
    const good = randomBytes(1000);
    const dstParent = mkdtempSync(join(tmpdir(), 'hostile-'));
    mkdirSync(join(dstParent, 'x'), { recursive: true });
    const { sender } = await transfer([
      { name: '../escape.bin', data: randomBytes(10) },
      { name: 'ok.bin', data: good },
    ]);
    expect(sender.files.map((f) => [f.status, f.errorCode])).toEqual([
      ['failed', 41],
      ['completed', 0],
    ]);
  });
});
