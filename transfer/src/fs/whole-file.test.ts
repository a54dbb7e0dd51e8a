import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileOp, FileThread } from './file-thread.ts';
import { FinalizeBatch } from './finalize-batch.ts';
import { checkpointPath, PartialFile, PartialInUseError, partialPath } from './partial-file.ts';
import { WholeFile } from './whole-file.ts';

describe('WholeFile', () => {
  it('gathers blocks in any order in memory and checksums them there', () => {
    const data = randomBytes(10_000);
    const file = new WholeFile(join(mkdtempSync(join(tmpdir(), 'whole-')), 'a'), data.length, 0);
    file.queue(4000, data.subarray(4000));
    expect(file.map.isComplete).toBe(false);
    file.queue(0, data.subarray(0, 4000));
    expect(file.receivedBytes).toBe(data.length);
    expect(file.queuedBytes).toBe(data.length);
    expect(file.checksum('sha-256')).toBe(createHash('sha256').update(data).digest('hex'));
    file.suspend();
  });

  it('is put in place by a batch, replacing a checkpoint an earlier session left, and frees its target', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'whole-'));
    const target = join(dir, 'b.bin');
    writeFileSync(checkpointPath(target), '{"size":3000,"mtime_ms":0,"extents":[[0,3000]]}');
    const data = randomBytes(3000);
    const file = new WholeFile(target, data.length, 1_500_000_000_000);
    expect(() => PartialFile.assertFree(target)).toThrow(PartialInUseError);
    file.queue(0, data);
    const batch = new FinalizeBatch(async () => {
      // The data sync comes after the write: no checkpoint may claim the partial's bytes.
      if (existsSync(partialPath(target))) expect(existsSync(checkpointPath(target))).toBe(false);
      return true;
    });
    await batch.add(file, true);
    expect(readFileSync(target).equals(data)).toBe(true);
    expect(existsSync(partialPath(target))).toBe(false);
    expect(existsSync(checkpointPath(target))).toBe(false);
    expect(() => PartialFile.assertFree(target)).not.toThrow();
  });

  it('leaves nothing on disk when stopped before it is whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'whole-'));
    const target = join(dir, 'c.bin');
    writeFileSync(checkpointPath(target), '{"size":10,"mtime_ms":0,"extents":[]}');
    const file = new WholeFile(target, 10, 0);
    file.queue(0, Buffer.alloc(5, 1));
    file.suspend();
    expect(existsSync(partialPath(target))).toBe(false);
    expect(existsSync(target)).toBe(false);
    expect(() => PartialFile.assertFree(target)).not.toThrow();
    const again = new WholeFile(target, 10, 0);
    await expect(again.settleComplete()).rejects.toThrow(/every byte/);
    again.discard();
  });

  it('writes without removing a checkpoint when the plan found none beside the target (one system call less a file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'whole-'));
    const ops: FileOp[] = [];
    const writer = { run: async (op: FileOp) => void ops.push(op) } as unknown as FileThread;
    const data = randomBytes(100);
    const fresh = new WholeFile(join(dir, 'fresh'), data.length, 0, { writer, staleCheckpoint: false });
    const unknown = new WholeFile(join(dir, 'unknown'), data.length, 0, { writer });
    for (const file of [fresh, unknown]) {
      file.queue(0, data);
      await file.settleComplete();
      file.suspend();
    }
    expect(ops.map((op) => (op.kind === 'write' ? op.stale : 'not a write'))).toEqual([
      undefined,
      checkpointPath(join(dir, 'unknown')),
    ]);
  });
});
