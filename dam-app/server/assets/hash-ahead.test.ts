import { createHash, randomBytes } from 'node:crypto';
import { link, mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAhead, hashOf } from './hash-ahead.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('R-UPLOAD-SCAN-OVERLAP: a hash taken ahead of the ingest counts only for the same file, unchanged', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-hash-ahead-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is the file’s SHA-256, and is used after the file was linked or renamed into its folder', async () => {
    const data = randomBytes(300_000);
    const staged = join(dir, 'staged');
    await writeFile(staged, data);
    const ahead = await hashAhead(staged);
    expect(ahead.hash).toBe(sha256(data));
    // The upload's placing: a hard link under its name, then the staging name removed; then an NFC rename.
    await link(staged, join(dir, 'placed.bin'));
    await unlink(staged);
    await rename(join(dir, 'placed.bin'), join(dir, 'final.bin'));
    // A lie only the ahead hash could tell: proves the ingest took it rather than reading the file again.
    expect(await hashOf(join(dir, 'final.bin'), { ...ahead, hash: 'taken-ahead' })).toBe('taken-ahead');
  });

  it('is read again when other bytes took the name, or the same file was rewritten in place', async () => {
    const first = join(dir, 'first.bin');
    await writeFile(first, randomBytes(1000));
    const ahead = { ...(await hashAhead(first)), hash: 'stale' };
    // Another file, same size and times, put in its place: another inode.
    const other = randomBytes(1000);
    await writeFile(join(dir, 'other.bin'), other);
    await rename(join(dir, 'other.bin'), first);
    expect(await hashOf(first, ahead)).toBe(sha256(other));
    // The same inode written over with bytes of the same length: its modification time moves.
    const again = { ...(await hashAhead(first)), hash: 'stale' };
    const rewritten = randomBytes(1000);
    await writeFile(first, rewritten);
    expect(await hashOf(first, again)).toBe(sha256(rewritten));
  });

  it('without a hash taken ahead, hashes the file', async () => {
    const data = randomBytes(5000);
    await writeFile(join(dir, 'plain.bin'), data);
    expect(await hashOf(join(dir, 'plain.bin'), undefined)).toBe(sha256(data));
  });
});
