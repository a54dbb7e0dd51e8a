import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FinalizeBatch } from './finalize-batch.ts';
import { PartialFile, partialPath } from './partial-file.ts';

const complete = (dir: string, name: string, text: string) => {
  const file = PartialFile.open(join(dir, name), text.length, 0, []);
  file.queue(0, Buffer.from(text));
  return file;
};

describe('FinalizeBatch', () => {
  it('puts files completing together in place with one data sync and one sync of the renames', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-'));
    const syncs: { placed: boolean[] }[] = [];
    const names = ['a', 'b', 'c'];
    const batch = new FinalizeBatch(
      async () => {
        syncs.push({ placed: names.map((name) => existsSync(join(dir, name))) });
        return true;
      },
      512,
      5,
      1,
    );
    await Promise.all(names.map((name) => batch.add(complete(dir, name, `${name}-data`), false)));
    expect(syncs).toEqual([{ placed: [false, false, false] }, { placed: [true, true, true] }]);
    for (const name of names) {
      expect(readFileSync(join(dir, name), 'utf8')).toBe(`${name}-data`);
      expect(existsSync(partialPath(join(dir, name)))).toBe(false);
    }
  });

  it('gathers the files that complete while a batch syncs into the next batch (group commit)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-'));
    let syncs = 0;
    const batch = new FinalizeBatch(
      async () => {
        syncs++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return true;
      },
      512,
      5,
      1,
    );
    const first = batch.add(complete(dir, 'first', '1'), false);
    await new Promise((resolve) => setTimeout(resolve, 15));
    const later = ['x', 'y', 'z'].map((name) => batch.add(complete(dir, name, name), false));
    await Promise.all([first, ...later]);
    // The data of the first, its name with the data of the later three, their names.
    expect(syncs).toBe(3);
  });

  it('reports each file done only after a sync that came after its rename', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-'));
    const names = Array.from({ length: 40 }, (_, i) => `f${i}`);
    /** For each sync, the names in place when it started. */
    const syncs: Set<string>[] = [];
    const batch = new FinalizeBatch(
      async () => {
        syncs.push(new Set(names.filter((name) => existsSync(join(dir, name)))));
        await new Promise((resolve) => setTimeout(resolve, 3));
        return true;
      },
      8,
      1,
      1,
    );
    const doneAfter = new Map<string, number>();
    const all = [];
    for (const name of names) {
      all.push(batch.add(complete(dir, name, name), false).then(() => doneAfter.set(name, syncs.length)));
      if (Number(name.slice(1)) % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(all);
    for (const name of names) {
      const seen = syncs.slice(0, doneAfter.get(name)).some((placed) => placed.has(name));
      expect(seen, name).toBe(true);
      expect(readFileSync(join(dir, name), 'utf8')).toBe(name);
    }
    expect(syncs.length).toBeLessThan(names.length);
  });

  it('syncs file by file where a file-system sync is unavailable, and fails only the incomplete file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-'));
    const batch = new FinalizeBatch(async () => false);
    const incomplete = PartialFile.open(join(dir, 'short'), 10, 0, []);
    incomplete.queue(0, Buffer.from('abc'));
    const outcomes = await Promise.allSettled([
      batch.add(complete(dir, 'ok', 'fine'), false),
      batch.add(incomplete, false),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect(readFileSync(join(dir, 'ok'), 'utf8')).toBe('fine');
    expect(existsSync(join(dir, 'short'))).toBe(false);
  });

  it('syncs a batch of fewer files than its threshold file by file: a file-system sync would flush all writes there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-'));
    let fileSystemSyncs = 0;
    const batch = new FinalizeBatch(
      async () => {
        fileSystemSyncs++;
        return true;
      },
      512,
      5,
      3,
    );
    await Promise.all(['a', 'b'].map((name) => batch.add(complete(dir, name, name), false)));
    expect(fileSystemSyncs).toBe(0);
    expect(readFileSync(join(dir, 'b'), 'utf8')).toBe('b');
    await Promise.all(['c', 'd', 'e'].map((name) => batch.add(complete(dir, name, name), false)));
    expect(fileSystemSyncs).toBe(2);
  });
});
