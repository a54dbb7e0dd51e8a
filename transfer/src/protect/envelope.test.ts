import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHeader, EnvelopeError, envelopeSize, HEADER_BYTES, TAG_BYTES } from './envelope-format.ts';
import { newFileSecret } from './envelope-keys.ts';
import { decryptEnvelope } from './envelope-open.ts';
import { EnvelopeSource } from './envelope-source.ts';

const PASS = 'correct horse battery staple';

async function envelopeOf(plain: Buffer, passphrase = PASS) {
  const dir = mkdtempSync(join(tmpdir(), 'env-'));
  writeFileSync(join(dir, 'plain'), plain);
  const source = new EnvelopeSource(
    join(dir, 'plain'),
    await newFileSecret(passphrase, randomBytes(16), plain.length),
  );
  const whole = source.read(0, source.size);
  writeFileSync(join(dir, 'plain.rapid-env'), whole);
  return { dir, source, whole, path: join(dir, 'plain.rapid-env') };
}

describe('content protection envelope', () => {
  it('has the documented size and a header that decodes', async () => {
    const plain = randomBytes(3 * 65536 + 100);
    const { source, whole } = await envelopeOf(plain);
    expect(source.size).toBe(HEADER_BYTES + plain.length + 4 * TAG_BYTES);
    expect(source.size).toBe(envelopeSize(plain.length));
    expect(decodeHeader(whole).plainSize).toBe(plain.length);
    expect(whole.includes(plain.subarray(1000, 1064))).toBe(false);
    source.close();
  });

  it('serves any range exactly as the whole envelope, across header and block edges', async () => {
    const { source, whole } = await envelopeOf(randomBytes(300_000));
    for (const [offset, length] of [
      [0, 10],
      [70, 30],
      [HEADER_BYTES + 65536 - 5, 40],
      [123_456, 65_507],
      [whole.length - 17, 17],
    ] as const) {
      expect(source.read(offset, length).equals(whole.subarray(offset, offset + length))).toBe(true);
    }
    source.close();
  });

  it('decrypts byte-exact, empty files included', async () => {
    for (const plain of [randomBytes(200_003), Buffer.alloc(0)]) {
      const { dir, path } = await envelopeOf(plain);
      await decryptEnvelope(path, join(dir, 'out'), PASS);
      expect(readFileSync(join(dir, 'out')).equals(plain)).toBe(true);
    }
  });

  it('refuses a wrong passphrase with error 48 and writes no plaintext', async () => {
    const { dir, path } = await envelopeOf(randomBytes(10_000));
    const failure = await decryptEnvelope(path, join(dir, 'out'), 'wrong').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EnvelopeError);
    expect((failure as EnvelopeError).code).toBe(48);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('detects an altered block with error 49 and removes the partial output', async () => {
    const { dir, path, whole } = await envelopeOf(randomBytes(150_000));
    const altered = Buffer.from(whole);
    altered[HEADER_BYTES + 70_000] = (altered[HEADER_BYTES + 70_000] ?? 0) ^ 1;
    writeFileSync(path, altered);
    const failure = await decryptEnvelope(path, join(dir, 'out'), PASS).catch((error: unknown) => error);
    expect((failure as EnvelopeError).code).toBe(49);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('is deterministic for one secret and differs for another (salts)', async () => {
    const plain = randomBytes(5000);
    const a = await envelopeOf(plain);
    const again = new EnvelopeSource(join(a.dir, 'plain'), a.source.secret);
    expect(again.read(0, again.size).equals(a.whole)).toBe(true);
    const b = await envelopeOf(plain);
    expect(b.whole.subarray(HEADER_BYTES).equals(a.whole.subarray(HEADER_BYTES))).toBe(false);
  });
});
