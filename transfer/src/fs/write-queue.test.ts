import { closeSync, fdatasync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { WriteQueue } from './write-queue.ts';

const file = (content = '') => {
  const path = join(mkdtempSync(join(tmpdir(), 'wq-')), 'f');
  writeFileSync(path, content);
  return path;
};

describe('WriteQueue', () => {
  it('syncs behind the writes queued before it, coalescing run included, and snapshots once they are written', async () => {
    const path = file('........');
    const fd = openSync(path, 'r+');
    let reported = 0;
    const queue = new WriteQueue(
      fd,
      (start, end) => {
        reported += end - start;
      },
      () => {},
      1024,
    );
    queue.add(0, Buffer.from('abcd'));
    queue.add(4, Buffer.from('ef'));
    let atSnapshot = -1;
    const synced = new Promise<Error | null>((resolve) =>
      queue.sync(() => {
        atSnapshot = reported;
      }, resolve),
    );
    queue.add(6, Buffer.from('gh'));
    expect(await synced).toBeNull();
    expect(atSnapshot).toBe(6);
    await queue.drain();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('abcdefgh');
  });

  it('lets writes queued after a sync go on while the sync runs', async () => {
    const path = file('....');
    const fd = openSync(path, 'r+');
    const written: number[] = [];
    let finishSync: (() => void) | undefined;
    const slowSync = ((syncFd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
      finishSync = () => fdatasync(syncFd, callback);
    }) as typeof fdatasync;
    const queue = new WriteQueue(
      fd,
      (start) => written.push(start),
      () => {},
      1024,
      slowSync,
    );
    queue.add(0, Buffer.from('ab'));
    const synced = new Promise<Error | null>((resolve) => queue.sync(() => {}, resolve));
    queue.add(2, Buffer.from('cd'));
    queue.submit();
    await vi.waitFor(() => expect(written).toEqual([0, 2]));
    expect(finishSync).toBeDefined();
    finishSync?.();
    expect(await synced).toBeNull();
    await queue.drain();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('abcd');
  });

  it('coalesces contiguous blocks, writes positionally and reports ranges once written', async () => {
    const path = file('..........');
    const fd = openSync(path, 'r+');
    const written: [number, number][] = [];
    const queue = new WriteQueue(
      fd,
      (start, end) => written.push([start, end]),
      () => {},
      4,
    );
    queue.add(0, Buffer.from('01'));
    queue.add(2, Buffer.from('23'));
    queue.add(7, Buffer.from('789'));
    queue.add(4, Buffer.from('456'));
    expect(queue.bufferedBytes).toBe(10);
    await queue.drain();
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('0123456789');
    expect(written.sort((a, b) => a[0] - b[0])).toEqual([
      [0, 4],
      [4, 7],
      [7, 10],
    ]);
    expect(queue.bufferedBytes).toBe(0);
    expect(queue.busy).toBe(false);
  });

  it('never reports a range whose write failed, and drain rejects', async () => {
    const fd = openSync(file('abc'), 'r');
    const written: number[] = [];
    const errors: Error[] = [];
    const queue = new WriteQueue(
      fd,
      (start) => written.push(start),
      (error) => errors.push(error),
    );
    queue.add(0, Buffer.from('xyz'));
    await expect(queue.drain()).rejects.toThrow();
    closeSync(fd);
    expect(written).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('waits for tracked work before it reports idle', async () => {
    const fd = openSync(file(), 'r+');
    const queue = new WriteQueue(
      fd,
      () => {},
      () => {},
    );
    let finish: () => void = () => {};
    queue.track((done) => {
      finish = done;
    });
    let idle = false;
    queue.whenIdle(() => {
      idle = true;
    });
    expect(idle).toBe(false);
    finish();
    expect(idle).toBe(true);
    closeSync(fd);
  });

  it('writes one run at a time, in the order the runs were submitted', async () => {
    const path = file();
    const fd = openSync(path, 'r+');
    const written: number[] = [];
    const queue = new WriteQueue(
      fd,
      (start) => written.push(start),
      () => {},
      4,
    );
    // Every other 4-byte slot: no two runs are contiguous, so each is its own writev.
    const starts = Array.from({ length: 200 }, (_, i) => i * 8);
    for (const start of starts) queue.add(start, Buffer.from('abcd'));
    await queue.drain();
    closeSync(fd);
    expect(written).toEqual(starts);
    expect(readFileSync(path, 'utf8').slice(8 * 199)).toBe('abcd');
  });
});
