import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncFileSystems } from './sync-file-systems.ts';

describe.runIf(process.platform === 'linux')('syncFileSystems', () => {
  it('syncs the file systems of existing folders, many calls at once, each answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syncfs-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    const outcomes = await Promise.all([
      syncFileSystems([dir]),
      syncFileSystems([join(dir, 'a'), join(dir, 'b')]),
      syncFileSystems([join(dir, 'missing')]),
      syncFileSystems([dir]),
    ]);
    expect(outcomes).toEqual([true, true, false, true]);
  });

  it('answers false for nothing to sync and for a folder the helper cannot take', async () => {
    expect(await syncFileSystems([])).toBe(false);
    const odd = mkdtempSync(join(tmpdir(), 'sync\nfs-'));
    expect(await syncFileSystems([odd])).toBe(false);
  });
});
