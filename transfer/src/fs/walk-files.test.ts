import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkFiles } from './walk-files.ts';

describe('walkFiles', () => {
  it('expands directories, keeps relative structure and skips links leaving the root', () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'walk-')));
    const root = join(base, 'root');
    mkdirSync(join(root, 'd', 'e'), { recursive: true });
    writeFileSync(join(root, 'd', 'a'), 'a');
    writeFileSync(join(root, 'd', 'e', 'b'), 'bb');
    writeFileSync(join(base, 'secret'), 's');
    symlinkSync(join(base, 'secret'), join(root, 'd', 'leak'));
    expect(walkFiles(join(root, 'd'), undefined, root).map((f) => [f.path, f.size])).toEqual([
      ['d/a', 1],
      ['d/e/b', 2],
    ]);
    expect(walkFiles(join(root, 'd'), 'renamed').map((f) => f.path)).toEqual([
      'renamed/a',
      'renamed/e/b',
      'renamed/leak',
    ]);
  });
});
