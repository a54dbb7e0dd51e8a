import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { envelopeSize } from '../protect/envelope-format.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const PASS = 'at-rest secret';
let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });

beforeAll(async () => {
  fixture = await startNodeFixture();
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

async function upload(dir: string, names: string[], extra: Record<string, unknown> = {}) {
  const spec = await setupSpec(fixture, 'upload', { destination_root: dir });
  return engine.start({
    ...spec,
    paths: names.map((source) => ({ source })),
    destination_root: dir,
    content_protection: 'encrypt',
    content_protection_password: PASS,
    ...extra,
  });
}

async function download(source: string, target: string, extra: Record<string, unknown> = {}) {
  const spec = await setupSpec(fixture, 'download', { paths: [{ source }] });
  return engine.start({ ...spec, destination_root: target, ...extra }).done();
}

describe('content protection (encrypted at rest on the node)', () => {
  it.each([
    ['UDP', {}],
    ['HTTPS fallback', { http_fallback: 'force' }],
  ])('uploads encrypted and downloads decrypted byte-exact over %s', async (_name, transport) => {
    const local = mkdtempSync(join(tmpdir(), 'cp-'));
    const plain = Buffer.concat([
      Buffer.from('PLAINTEXT-MARKER '.repeat(4000)),
      randomBytes(2 * 1024 * 1024 + 5),
    ]);
    writeFileSync(join(local, 'secret.bin'), plain);
    writeFileSync(join(local, 'empty.txt'), '');
    const dir = `/incoming/cp-${Object.keys(transport).length}`;
    const info = await (
      await upload(dir, [join(local, 'secret.bin'), join(local, 'empty.txt')], {
        file_checksum: 'sha-256',
        ...transport,
      })
    ).done();
    expect(info.status).toBe('completed');
    const stored = readFileSync(join(fixture.docroot, dir, 'secret.bin.rapid-env'));
    expect(stored.length).toBe(envelopeSize(plain.length));
    expect(stored.includes(Buffer.from('PLAINTEXT-MARKER'))).toBe(false);
    expect(existsSync(join(fixture.docroot, dir, 'secret.bin'))).toBe(false);
    expect(readFileSync(join(fixture.docroot, dir, 'empty.txt.rapid-env')).length).toBe(envelopeSize(0));

    const back = mkdtempSync(join(tmpdir(), 'cp-back-'));
    const decrypted = await download(dir, back, {
      content_protection: 'decrypt',
      content_protection_passphrase: PASS,
      ...transport,
    });
    expect(decrypted.status).toBe('completed');
    expect(sha(readFileSync(join(back, dir.split('/').pop() as string, 'secret.bin')))).toBe(sha(plain));
    expect(readFileSync(join(back, dir.split('/').pop() as string, 'empty.txt')).length).toBe(0);

    const raw = mkdtempSync(join(tmpdir(), 'cp-raw-'));
    expect((await download(`${dir}/secret.bin.rapid-env`, raw, transport)).status).toBe('completed');
    expect(readFileSync(join(raw, 'secret.bin.rapid-env')).equals(stored)).toBe(true);
  });

  it('fails a download with a wrong passphrase with error 48 and writes no plain file', async () => {
    const local = mkdtempSync(join(tmpdir(), 'cp-wrong-'));
    writeFileSync(join(local, 'w.bin'), randomBytes(100_000));
    expect((await (await upload('/incoming/wrong', [join(local, 'w.bin')])).done()).status).toBe('completed');
    // The same file again under overwrite diff: the client adopts the stored envelope's salts, so it is skipped.
    const again = await (await upload('/incoming/wrong', [join(local, 'w.bin')])).done();
    expect([again.status, again.file_counts.skipped, again.bytes_transferred]).toEqual(['completed', 1, 0]);
    const back = mkdtempSync(join(tmpdir(), 'cp-wrong-back-'));
    const info = await download('/incoming/wrong/w.bin.rapid-env', back, {
      content_protection: 'decrypt',
      content_protection_password: 'not the passphrase',
    });
    expect([info.status, info.error_code]).toEqual(['failed', 48]);
    expect(info.error_desc).toMatch(/wrong content protection passphrase/);
    expect(readdirSync(back).filter((name) => !name.includes('.partial'))).toEqual([]);
  });

  it('refuses encrypt without a passphrase (48, not retried)', async () => {
    const local = mkdtempSync(join(tmpdir(), 'cp-none-'));
    writeFileSync(join(local, 'n.bin'), 'x');
    const info = await (
      await upload('/incoming', [join(local, 'n.bin')], { content_protection_password: undefined })
    ).done();
    expect([info.status, info.error_code, info.retry_count]).toEqual(['failed', 48, 0]);
  });

  it('resumes an interrupted encrypted upload without re-sending what the node holds', async () => {
    const size = 12 * 1024 * 1024;
    const local = mkdtempSync(join(tmpdir(), 'cp-resume-'));
    const plain = randomBytes(size);
    writeFileSync(join(local, 'r.bin'), plain);
    const handle = await upload('/incoming/resume', [join(local, 'r.bin')], {
      target_rate_kbps: 40_000,
      rate_policy: 'fixed',
    });
    await new Promise<void>((resolve) => {
      const listener = (info: { bytes_written: number }) => {
        if (info.bytes_written >= size / 2) {
          handle.off('progress', listener);
          resolve();
        }
      };
      handle.on('progress', listener);
    });
    handle.stop();
    expect((await handle.done()).status).toBe('cancelled');
    const first = handle.info().bytes_transferred;
    handle.resume();
    const info = await handle.done();
    expect(info.status).toBe('completed');
    expect(first).toBeGreaterThan(size / 3);
    expect(info.bytes_transferred).toBeLessThan(size * 0.75);
    const back = mkdtempSync(join(tmpdir(), 'cp-resume-back-'));
    const decrypted = await download('/incoming/resume/r.bin.rapid-env', back, {
      content_protection: 'decrypt',
      content_protection_password: PASS,
    });
    expect(decrypted.status).toBe('completed');
    expect(sha(readFileSync(join(back, 'r.bin')))).toBe(sha(plain));
  });
});
