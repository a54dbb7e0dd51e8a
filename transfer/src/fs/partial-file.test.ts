import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkpointPath,
  PartialFile,
  PartialInUseError,
  partialPath,
  readCheckpoint,
} from './partial-file.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'partial-'));

describe('PartialFile', () => {
  it('assembles out-of-order blocks with positional writes and renames into place', () => {
    const target = join(dir(), 'sub', 'f.bin');
    const file = PartialFile.open(target, 10, 1_600_000_000_000, []);
    file.write(5, Buffer.from('56789'));
    file.write(0, Buffer.from('01'));
    file.write(2, Buffer.from('234'));
    expect(file.complete).toBe(true);
    file.finalize(true);
    expect(readFileSync(target, 'utf8')).toBe('0123456789');
    expect(statSync(target).mtimeMs).toBe(1_600_000_000_000);
    expect(existsSync(partialPath(target)) || existsSync(checkpointPath(target))).toBe(false);
  });

  it('persists a checkpoint that a later session resumes from', () => {
    const target = join(dir(), 'f.bin');
    const first = PartialFile.open(target, 8, 5, []);
    first.write(0, Buffer.from('ab'));
    first.write(6, Buffer.from('gh'));
    first.suspend();
    const checkpoint = readCheckpoint(target);
    expect(checkpoint).toEqual({
      size: 8,
      mtime_ms: 5,
      extents: [
        { start: 0, end: 2 },
        { start: 6, end: 8 },
      ],
    });
    const second = PartialFile.open(target, 8, 5, checkpoint?.extents ?? []);
    expect(second.map.missing()).toEqual([{ start: 2, end: 6 }]);
    second.write(2, Buffer.from('cdef'));
    second.finalize(false);
    expect(readFileSync(target, 'utf8')).toBe('abcdefgh');
  });

  it('forgets dropped ranges', () => {
    const file = PartialFile.open(join(dir(), 'f'), 10, 0, [{ start: 0, end: 10 }]);
    file.drop([
      { start: 2, end: 4 },
      { start: 8, end: 12 },
    ]);
    expect(file.map.missing()).toEqual([
      { start: 2, end: 4 },
      { start: 8, end: 10 },
    ]);
    file.discard();
  });

  it('refuses a second writer of the same target', () => {
    const target = join(dir(), 'f');
    const file = PartialFile.open(target, 1, 0, []);
    expect(() => PartialFile.open(target, 1, 0, [])).toThrow(PartialInUseError);
    expect(() => PartialFile.open(target, 1, 0, [])).toThrow(expect.objectContaining({ code: 64 }));
    file.discard();
    expect(existsSync(partialPath(target))).toBe(false);
  });

  it('tells a session that arrives while the previous one is still finishing its writes to retry', async () => {
    const target = join(dir(), 'busy.bin');
    const file = PartialFile.open(target, 1 << 20, 0, []);
    file.queue(0, Buffer.alloc(1 << 20, 1));
    file.suspend();
    expect(() => PartialFile.open(target, 1 << 20, 0, [])).toThrow(expect.objectContaining({ code: 61 }));
    await file.settle();
    await expect.poll(() => readCheckpoint(target)?.extents).toEqual([{ start: 0, end: 1 << 20 }]);
    const next = PartialFile.open(target, 1 << 20, 0, readCheckpoint(target)?.extents ?? []);
    next.discard();
  });

  it('queues writes off the event loop; the map and the checkpoint only hold bytes on disk', async () => {
    const target = join(dir(), 'q.bin');
    const file = PartialFile.open(target, 8, 5, []);
    file.queue(4, Buffer.from('efgh'));
    expect(file.receivedBytes).toBe(4);
    expect(file.map.receivedBytes).toBe(0);
    await file.settle();
    expect(file.map.receivedBytes).toBe(4);
    file.persistInBackground();
    file.queue(0, Buffer.from('ab'));
    file.suspend();
    await expect
      .poll(() => readCheckpoint(target)?.extents)
      .toEqual([
        { start: 0, end: 2 },
        { start: 4, end: 8 },
      ]);
    const second = PartialFile.open(target, 8, 5, readCheckpoint(target)?.extents ?? []);
    second.queue(2, Buffer.from('cd'));
    await second.finalizeAsync(false);
    expect(readFileSync(target, 'utf8')).toBe('abcdefgh');
  });

  it('counts the bytes written since the last checkpoint was taken', async () => {
    const target = join(dir(), 'u.bin');
    const file = PartialFile.open(target, 8, 5, []);
    file.queue(0, Buffer.from('abcd'));
    await file.settle();
    expect(file.uncheckpointedBytes).toBe(4);
    file.persistInBackground();
    expect(file.uncheckpointedBytes).toBe(0);
    file.queue(4, Buffer.from('ef'));
    await file.settle();
    expect(file.uncheckpointedBytes).toBe(2);
    file.suspend();
    await expect.poll(() => readCheckpoint(target)?.extents).toEqual([{ start: 0, end: 6 }]);
  });

  it('opens on the thread pool, and makes its folder again when it was removed since', async () => {
    const root = dir();
    const target = join(root, 'sub', 'a.bin');
    const first = await PartialFile.openAsync(target, 3, 5, []);
    first.queue(0, Buffer.from('abc'));
    await first.finalizeAsync(false);
    rmSync(join(root, 'sub'), { recursive: true });
    const second = await PartialFile.openAsync(target, 2, 5, []);
    second.queue(0, Buffer.from('de'));
    await second.finalizeAsync(false);
    expect(readFileSync(target, 'utf8')).toBe('de');
  });

  it('survives its folder disappearing while queued writes finish after suspend', async () => {
    const folder = dir();
    const target = join(folder, 'gone.bin');
    const file = PartialFile.open(target, 1 << 20, 5, []);
    file.queue(0, Buffer.alloc(1 << 20, 7));
    file.persistInBackground();
    file.suspend();
    rmSync(folder, { recursive: true, force: true });
    // A throw from the deferred checkpoint would surface as an uncaught error and fail this test.
    await file.settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(folder)).toBe(false);
  });

  it('suspends without a throw when its folder is already gone, nothing queued', () => {
    const folder = dir();
    const file = PartialFile.open(join(folder, 'gone.bin'), 4, 5, []);
    file.write(0, Buffer.from('ab'));
    rmSync(folder, { recursive: true, force: true });
    expect(() => file.suspend()).not.toThrow();
  });

  it('ignores a damaged checkpoint', () => {
    expect(readCheckpoint(join(dir(), 'none'))).toBeUndefined();
  });
});
