import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confinePath } from '../fs/confine-path.ts';
import { controlPair, type Faults, udpPair } from '../test-support/session-pair.ts';
import { PacketCodec } from '../wire/packet-codec.ts';
import { Receiver } from './receiver.ts';
import { Sender, type SenderFile } from './sender.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function transfer(
  files: { name: string; data: Buffer }[],
  faults: Faults = {},
  key: Buffer | undefined = randomBytes(16),
  filesDone = false,
) {
  const src = mkdtempSync(join(tmpdir(), 'src-'));
  const dst = mkdtempSync(join(tmpdir(), 'dst-'));
  const senderFiles: SenderFile[] = files.map(({ name, data }) => {
    const source = join(src, name.replaceAll('/', '_'));
    writeFileSync(source, data);
    return { path: name, source, size: data.length, mtime_ms: statSync(source).mtimeMs };
  });
  const [senderControl, receiverControl] = await controlPair();
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
    data: udp.aToB,
    codec,
    role: 'client',
    sessionId: 9,
    dgramSize: 1472,
    rate: { target_rate_kbps: 400_000, min_rate_kbps: 0, rate_policy: 'fixed' },
    resume: 'sparse_checksum',
    fileChecksum: 'sha-256',
    files: senderFiles,
  });
  const receiver = new Receiver({
    control: receiverControl,
    codec,
    peerRole: 'client',
    sessionId: 9,
    resolveDestination: (path) => confinePath(dst, path),
    resume: 'sparse_checksum',
    overwrite: 'diff',
    preserveTimes: true,
    fileChecksum: 'sha-256',
    filesDone,
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
    const batched = await transfer(files, {}, randomBytes(16), true);
    expect(batched.sender.files.every((f) => f.status === 'completed')).toBe(true);
    expect(batched.sent).not.toContain('file_done:completed');
    expect(batched.sent.filter((t) => t === 'files_done').length).toBeLessThan(files.length);
    const single = await transfer(files, {}, randomBytes(16), false);
    expect(single.sender.files.every((f) => f.status === 'completed')).toBe(true);
    expect(single.sent.filter((t) => t === 'file_done:completed')).toHaveLength(files.length);
    expect(single.sent).not.toContain('files_done');
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
